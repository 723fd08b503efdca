/**
 * What a kept list of deals shows around its table: loading, an error with a retry, the answer's age,
 * "not fetched yet" or "none" in words, and a notice when the list was cut short.
 */
import type { ReactNode } from 'react';
import type { DealList, KeptAnswer } from '../../../../preload/contract';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { formatCount } from '../../lib/format';
import type { QueryState } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { KeptAgeNote } from '../../components/kept-age';

export interface DealListStateProps {
  query: QueryState<KeptAnswer<DealList>>;
  /** What the list holds, capitalised: "Deals of this contact". */
  subject: string;
  /** What an empty list says when the service answered. */
  none: string;
  /** The list itself, given the deals. */
  children(list: DealList): ReactNode;
}

/** Renders the list's state, and `children` once deals are there. */
export function DealListState({ query, subject, none, children }: DealListStateProps) {
  const online = useOnline();
  const { data, error, reload } = query;
  if (error && !data) return <ErrorBanner message={`${subject} could not be loaded: ${error}`} onRetry={reload} />;
  if (!data) return <LoadingState label={`Loading ${subject.toLowerCase()}…`} />;
  const { value, fetchedAt } = data;
  return (
    <>
      <KeptAgeNote subject={subject} fetchedAt={fetchedAt} />
      {value.deals.length === 0 ? (
        <p className="muted">
          {fetchedAt !== null
            ? none
            : online
              ? 'Not fetched yet.'
              : 'Not fetched yet: they show once the service can be reached.'}
        </p>
      ) : (
        children(value)
      )}
      {value.complete ? null : (
        <p className="deals-age">Only the first {formatCount(value.deals.length)} deals are shown.</p>
      )}
    </>
  );
}
