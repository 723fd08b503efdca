/**
 * The rebate agreements with earnings (`Rebate Summary Data` grouped by rebate): one button per
 * agreement and currency with what it earned; ↑ ↓ Home End move through them (and open each).
 */
import { type KeyboardEvent, useRef } from 'react';
import type { RebateSummaryRow } from '../../../../preload/contract';
import { pluralize } from '../../lib/format';
import { formatAmount } from '../companies/related-labels';

export interface RebateListProps {
  rows: readonly RebateSummaryRow[];
  selectedId: string | null;
  onOpen(id: string): void;
  /** Accessible name of the list. */
  label: string;
  /** Opens each agreement the arrow keys reach (default); false only moves the focus. */
  followFocus?: boolean;
}

/** Renders the agreements as a list of buttons. */
export function RebateList({ rows, selectedId, onOpen, label, followFocus = true }: RebateListProps) {
  const list = useRef<HTMLUListElement>(null);

  function move(event: KeyboardEvent, index: number) {
    const next =
      event.key === 'ArrowDown'
        ? index + 1
        : event.key === 'ArrowUp'
          ? index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? rows.length - 1
              : null;
    if (next === null || next < 0 || next >= rows.length) return;
    event.preventDefault();
    list.current?.querySelectorAll('button')[next]?.focus();
    if (followFocus) onOpen(rows[next].key);
  }

  return (
    <ul className="record-list" aria-label={label} ref={list}>
      {rows.map((row, index) => (
        <li key={`${row.key}:${row.currency}`}>
          <button
            type="button"
            className="record-list-item rebate-list-item"
            aria-current={row.key === selectedId ? 'true' : undefined}
            onClick={() => onOpen(row.key)}
            onKeyDown={(event) => move(event, index)}
          >
            <span className="rebate-list-name">{row.label}</span>
            <span className="rebate-list-earning">
              {formatAmount(row.earning, row.currency)} <span className="rebate-list-currency">{row.currency}</span>
            </span>
            <span className="rebate-list-sub">
              {pluralize(row.earningCount, 'qualifying deal')} worth {formatAmount(row.dealAmount, row.currency)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
