/**
 * The Branch Locator's list, nearest first: each branch with its distance, kind, company and place,
 * and what can be done with it (open its company, search from it). It is the primary way to use
 * the locator: a list of buttons reached with Tab, each naming its branch and distance.
 */
import type { LocatedBranch } from '../../../../preload/contract';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { useUi } from '../../stores/stores-context';
import { branchKindLabel } from '../companies/related-labels';
import { branchPlace, branchSyncState, formatDistance } from './branch-words';

export interface LocatorListProps {
  items: LocatedBranch[];
  selectedId: string | null;
  onSelect(id: string): void;
  /** Search again from this branch's position. */
  onSearchFrom(item: LocatedBranch): void;
}

/** Renders the list (an ordered list: its order is the answer). */
export function LocatorList({ items, selectedId, onSelect, onSearchFrom }: LocatorListProps) {
  const openRecord = useUi((s) => s.openRecord);
  return (
    <ol className="locator-list" aria-label="Branches found, nearest first">
      {items.map((item, index) => {
        const { branch } = item.row;
        const selected = branch.id === selectedId;
        return (
          <li
            key={branch.id}
            id={`locator-item-${branch.id}`}
            className={`locator-item${selected ? ' locator-item-selected' : ''}`}
            aria-current={selected ? 'true' : undefined}
          >
            <button type="button" className="locator-item-main" onClick={() => onSelect(branch.id)}>
              <span className="locator-item-number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="locator-item-text">
                <span className="locator-item-name">
                  {branch.name} <SyncStateBadge state={branchSyncState(item.row)} />
                </span>
                <span className="locator-item-detail">
                  {branchKindLabel[branch.kind] ?? branch.kind}
                  {item.companyName ? ` · ${item.companyName}` : ''}
                </span>
                <span className="locator-item-detail">{branchPlace(branch)}</span>
                {branch.openingHours ? <span className="locator-item-detail">{branch.openingHours}</span> : null}
              </span>
              <span className="locator-item-distance">{formatDistance(item.distanceKm)}</span>
            </button>
            {selected ? (
              <div className="locator-item-actions">
                {item.companyName ? (
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => openRecord('company', branch.companyId)}
                  >
                    Open {item.companyName}
                  </button>
                ) : null}
                <button type="button" className="button button-small button-quiet" onClick={() => onSearchFrom(item)}>
                  Search from this branch
                </button>
                {branch.phone ? <span className="locator-item-contact">{branch.phone}</span> : null}
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
