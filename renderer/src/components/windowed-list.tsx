/**
 * `WindowedList`: the body of a list view over windows of cached rows (`useRowWindows`): an error
 * with Retry when nothing could be read, "Loading…" until the first window, the view's own empty
 * state when no row matches, else the virtualised listbox (with a banner when a later window
 * failed). `listSummary` is the line above it ("2,000 contacts", "3 contacts match "ada"",
 * "Searching…"). Shared by the contacts, companies and documents views.
 */
import type { ReactNode, Ref } from 'react';
import { matchSummary, pluralize } from '../lib/format';
import { EmptyState } from './empty-state';
import { ErrorBanner } from './error-banner';
import { LoadingState } from './loading-state';
import type { ListSelection } from './use-list-selection';
import type { RowWindows } from './use-row-windows';
import { VirtualList, type VirtualListHandle } from './virtual-list';

/** How a list names its rows: "contact" / "contacts". */
export interface RowNoun {
  one: string;
  many: string;
}

/** The summary line of a list: its count, its matches for `query`, or that it is loading or searching. */
export function listSummary(windows: RowWindows<{ id: string }>, noun: RowNoun, query: string): string {
  const { total } = windows;
  if (total === null && windows.error) return `${noun.many[0].toUpperCase()}${noun.many.slice(1)} could not be loaded`;
  if (total === null) return 'Loading…';
  if (windows.pending) return 'Searching…';
  return query ? matchSummary(total, noun.one, query) : pluralize(total, noun.one, noun.many);
}

export interface WindowedListProps<T extends { id: string }> {
  windows: RowWindows<T>;
  noun: RowNoun;
  /** Accessible name of the listbox ("Contacts"). */
  label: string;
  rowHeight: number;
  renderRow(row: T, context: { selected: boolean }): ReactNode;
  selection: ListSelection;
  /** Scrolls back to the top when it changes (a new query, filter or folder). */
  resetKey: string;
  /** What to show when no row matches (an `EmptyState` with the view's words and actions). */
  empty: ReactNode;
  listRef?: Ref<VirtualListHandle>;
  /** Shows the rows another way (a grid of cards, say) in place of the list, once there are rows to show. */
  renderRows?: (windows: RowWindows<T> & { total: number }) => ReactNode;
}

/** Renders the list body. */
export function WindowedList<T extends { id: string }>(props: WindowedListProps<T>) {
  const { windows, noun, selection } = props;
  const { total } = windows;
  if (total === null && windows.error) {
    return (
      <ErrorBanner
        message={`${noun.many[0].toUpperCase()}${noun.many.slice(1)} could not be loaded: ${windows.error}`}
        onRetry={windows.retry}
      />
    );
  }
  if (total === null || (total === 0 && windows.pending)) return <LoadingState label={`Loading ${noun.many}…`} />;
  if (total === 0) return <>{props.empty ?? <EmptyState title={`No ${noun.many}`} />}</>;
  return (
    <>
      {windows.error ? <ErrorBanner message={windows.error} onRetry={windows.retry} /> : null}
      {props.renderRows ? (
        props.renderRows({ ...windows, total })
      ) : (
        <VirtualList<T>
          ref={props.listRef}
          label={props.label}
          total={total}
          getRow={windows.getRow}
          onRangeChange={windows.requestRange}
          rowHeight={props.rowHeight}
          renderRow={props.renderRow}
          selectedId={selection.selectedId}
          activeIndex={selection.activeIndex}
          onActivate={selection.activate}
          resetKey={props.resetKey}
        />
      )}
    </>
  );
}
