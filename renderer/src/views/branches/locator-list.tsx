/**
 * The Branch Locator's list, nearest first: each branch with its distance, kind, company and place;
 * the chosen one shows its details (branch-details.tsx: `branches.get`, with a link to its company)
 * and can be searched from. It is the primary way to use the locator: a list of buttons reached
 * with Tab, each naming its branch and distance.
 */
import type { LocatedBranch } from '../../../../preload/contract';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { branchKindLabel } from '../companies/related-labels';
import { BranchDetails } from './branch-details';
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
            <button
              type="button"
              className="locator-item-main"
              aria-expanded={selected}
              onClick={() => onSelect(branch.id)}
            >
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
              <BranchDetails id={branch.id} found={item.row}>
                <button type="button" className="button button-small button-quiet" onClick={() => onSearchFrom(item)}>
                  Search from this branch
                </button>
              </BranchDetails>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
