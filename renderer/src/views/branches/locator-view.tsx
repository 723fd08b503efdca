/**
 * Branch Locator: the branches nearest to a place, nearest first, within a radius (`branches.locate`:
 * the service's `Branch Locator` when it can be reached; offline, the same great-circle rule over
 * every branch this computer has read). The place is typed, this computer's position, a company's
 * headquarters, a branch found, or a point clicked on the map. The list is the primary way to use
 * it; the map (offline base map, no tile service) shows the same branches, numbered alike.
 */
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { formatAgo, formatCount, pluralize } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useNow } from '../../lib/use-now';
import { useReloadOnReconnect } from '../../lib/use-reload-on-reconnect';
import { formatDistance, formatPosition } from './branch-words';
import { LocatorList, type LocatorListHandle } from './locator-list';
import { LocatorMap, type MapPoint } from './locator-map';
import { type LocatorSearch, LocatorPlace } from './locator-place';
import './branches.css';

/** The last search, kept while the app runs so coming back to the view shows it again. */
let lastSearch: LocatorSearch | null = null;

/** Renders the Branch Locator view. */
export function LocatorView() {
  const now = useNow();
  const [search, setSearch] = useState<LocatorSearch | null>(lastSearch);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const input = search
    ? {
        latitude: search.latitude,
        longitude: search.longitude,
        radiusKm: search.radiusKm,
        ...(search.kind ? { kind: search.kind } : {}),
      }
    : null;
  // Opened again, the last answer shows at once while the core is asked (`showLast`); a search the
  // service answered before comes from the kept branches while the core asks the service again, and
  // `answers.refreshed` naming 'branches' brings the new answer.
  const { data, error, loading, reload } = useBridgeQuery('branches.locate', input, ['outbox', 'branches'], {
    showLast: true,
  });
  const list = useRef<LocatorListHandle>(null);
  useReloadOnReconnect(reload);

  function searchFrom(next: LocatorSearch) {
    lastSearch = next;
    setSearch(next);
    setSelectedId(null);
  }

  function pick(point: MapPoint) {
    searchFrom({
      ...point,
      place: `a point on the map (${formatPosition(point.latitude, point.longitude)})`,
      radiusKm: search?.radiusKm ?? 250,
      kind: search?.kind ?? '',
    });
  }

  // A branch chosen on the map: its list entry comes into view and takes the focus.
  function chooseOnMap(id: string) {
    setSelectedId(id);
    list.current?.reveal(id);
  }

  const items = data?.items ?? [];
  useEffect(() => {
    if (selectedId && data && !data.items.some((item) => item.row.branch.id === selectedId)) setSelectedId(null);
  }, [data, selectedId]);

  return (
    <div className="locator-view">
      <header className="view-header locator-header">
        <h1>Branch Locator</h1>
        <p className="view-summary" aria-live="polite">
          {search && data
            ? `${pluralize(items.length, 'branch', 'branches')} within ${formatDistance(search.radiusKm)} of ${search.place}`
            : ''}
        </p>
        <LocatorPlace
          key={search ? `${search.latitude},${search.longitude}` : 'none'}
          search={search}
          onSearch={searchFrom}
        />
        {data?.source === 'kept' ? (
          <p className="locator-offline" role="status">
            Offline: searched the {formatCount(data.keptCount)} branches this computer has read
            {data.keptAt ? ` (last read ${formatAgo(data.keptAt, now)})` : ''}. Branches never read here are not listed;
            the service lists every branch once it can be reached.
          </p>
        ) : null}
        {data && !data.complete ? (
          <p className="muted">
            Only the nearest {formatCount(items.length)} are listed; narrow the radius to see the rest.
          </p>
        ) : null}
      </header>
      <div className="locator-body">
        <section className="locator-list-pane" aria-label="Branches found">
          {!search ? (
            <EmptyState title="Where from?" size="compact">
              Type coordinates, use your position, choose a company, or click a point on the map to list the branches
              nearest to it.
            </EmptyState>
          ) : error && !data ? (
            <ErrorBanner message={`The branches could not be found: ${error}`} onRetry={reload} />
          ) : !data ? (
            <LoadingState label="Finding branches…" />
          ) : items.length === 0 ? (
            <EmptyState title="No branches in this radius" size="compact">
              {data.source === 'kept' && data.keptCount === 0
                ? 'This computer has not read any branches yet; they are found once the service can be reached.'
                : `No branch is within ${formatDistance(search.radiusKm)}. Widen the radius or choose another place.`}
            </EmptyState>
          ) : (
            <LocatorList
              ref={list}
              items={items}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onSearchFrom={(item) =>
                searchFrom({
                  latitude: item.row.branch.latitude,
                  longitude: item.row.branch.longitude,
                  place: item.row.branch.name,
                  radiusKm: search.radiusKm,
                  kind: search.kind,
                })
              }
            />
          )}
          {loading && data ? <p className="muted">Refreshing…</p> : null}
        </section>
        <section className="locator-map-pane" aria-label="Map of the branches found">
          <LocatorMap
            centre={search}
            radiusKm={search?.radiusKm ?? 0}
            items={items}
            selectedId={selectedId}
            onChoose={chooseOnMap}
            onPick={pick}
          />
        </section>
      </div>
    </div>
  );
}
