/**
 * The pages after the first of a list read page by page (api/openapi.yaml: `limit`/`cursor`,
 * `nextCursor`): "Show older …" asks for the next page, each page shown below the last, as list
 * items of the caller's list. Used by the stories and the activity feed.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';

/** One page as a list hook gives it: its rows, the next cursor and when it was read (null: never). */
export interface PageAnswer<Row> {
  rows: Row[];
  nextCursor: string | null;
  fetchedAt: string | null;
}

/** A hook reading the page at `cursor` (the same hook on every render). */
export type PageHook<Row> = (cursor: string) => {
  data: PageAnswer<Row> | undefined;
  error: string | null;
  reload(): void;
};

interface PageProps<Row> {
  cursor: string;
  usePage: PageHook<Row>;
  renderRow(row: Row): ReactNode;
  /** What the rows are ("stories"), for messages. */
  noun: string;
  /** Given to the last page only: told the cursor after it. */
  onNext?: (cursor: string | null) => void;
}

function OlderPage<Row>({ cursor, usePage, renderRow, noun, onNext }: PageProps<Row>) {
  const { data, error, reload } = usePage(cursor);
  const next = data?.nextCursor;
  useEffect(() => {
    if (next !== undefined) onNext?.(next);
  }, [next, onNext]);
  if (error && !data)
    return (
      <li>
        <ErrorBanner message={`Older ${noun} could not be loaded: ${error}`} onRetry={reload} />
      </li>
    );
  if (!data)
    return (
      <li>
        <LoadingState label={`Loading older ${noun}…`} />
      </li>
    );
  if (data.fetchedAt === null)
    return (
      <li className="muted older-pages-note">
        Older {noun} were never read on this computer; they show once the service can be reached.
      </li>
    );
  return <>{data.rows.map(renderRow)}</>;
}

export interface OlderPagesProps<Row> {
  /** The cursor after the first page (null: there is no other page). */
  firstNext: string | null;
  usePage: PageHook<Row>;
  renderRow(row: Row): ReactNode;
  noun: string;
}

/** Renders the older pages asked for so far and the "Show older …" button, as list items. */
export function OlderPages<Row>({ firstNext, usePage, renderRow, noun }: OlderPagesProps<Row>) {
  const [cursors, setCursors] = useState<string[]>([]);
  const [lastNext, setLastNext] = useState<string | null | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the first page's next cursor changes.
  useEffect(() => {
    // The first page was read again with another next page: the older ones start over.
    setCursors([]);
    setLastNext(undefined);
  }, [firstNext]);
  const next = cursors.length === 0 ? firstNext : lastNext;
  return (
    <>
      {cursors.map((cursor, index) => (
        <OlderPage
          key={cursor}
          cursor={cursor}
          usePage={usePage}
          renderRow={renderRow}
          noun={noun}
          onNext={index === cursors.length - 1 ? setLastNext : undefined}
        />
      ))}
      {next ? (
        <li className="older-pages-more">
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              setLastNext(undefined);
              setCursors((previous) => [...previous, next]);
            }}
          >
            Show older {noun}
          </button>
        </li>
      ) : null}
    </>
  );
}
