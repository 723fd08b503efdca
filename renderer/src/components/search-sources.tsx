/**
 * Where a search result was found, shown in the Contacts, Companies and Documents lists once the
 * service answered their search (renderer/src/lib/use-service-search.ts): a small mark in words on
 * each row ("Found by the service", "Here and on the service", "Only on this computer"), and the
 * status line under the search field (what the service found, offline, or its refusal in words).
 */
import type { ReactNode } from 'react';
import { type SearchSource, type Sourced, searchSourceLabels } from '../lib/service-search-merge';
import type { ServiceSearch } from '../lib/use-service-search';
import './search-sources.css';

const titles: Record<SearchSource, string> = {
  both: "Found by this computer's search and by the service's.",
  here: 'Found on this computer; the service did not find it (e.g. an edit not sent yet).',
  service: 'Found by the service; this computer had not matched it or did not have it yet. It is kept here now.',
  unchecked: 'Found on this computer; beyond the first results the service answered, so it was not compared.',
};

/** The mark of `source` in words (nothing when the row has none yet). */
export function SearchSourceMark({ source }: { source: SearchSource | undefined }) {
  if (!source) return null;
  return (
    <span className={`search-source search-source-${source}`} title={titles[source]}>
      {searchSourceLabels[source]}
    </span>
  );
}

/**
 * Wraps a list's `renderRow` so that each row shows where it was found beside it. Call it once at
 * module level (the virtual list keeps rows memoized by the function).
 */
export function withSourceMark<T extends { id: string }, C>(
  render: (row: T, context: C) => ReactNode,
): (row: Sourced<T>, context: C) => ReactNode {
  return (row, context) =>
    row.foundWhere ? (
      <div className="search-source-row">
        {render(row, context)}
        <SearchSourceMark source={row.foundWhere} />
      </div>
    ) : (
      render(row, context)
    );
}

/** The status line of the service's search, or nothing when no search runs. */
export function ServiceSearchStatus({ search }: { search: Pick<ServiceSearch<unknown>, 'status'> }) {
  const { status } = search;
  if (!status) return null;
  return (
    <p className={status.busy ? 'search-sources-status search-sources-busy' : 'search-sources-status'} role="status">
      {status.words}
    </p>
  );
}
