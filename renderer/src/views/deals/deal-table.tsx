/**
 * A table of deals, one row per deal (`DealTableRow`), each title a link that opens the deal's page
 * in the Deals view. Used on the company page, the contact page and a deal's page (its related deals).
 */
import type { Deal } from '../../../../preload/contract';
import { formatAgo, formatDate, formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { useUi } from '../../stores/stores-context';
import { dealCategoryLabel, dealStageLabel, formatAmount, isOpenDeal } from '../companies/related-labels';

/** A deal, with its company's name when the list spans several companies. */
export type TableDeal = Deal & { companyName?: string | null };

export interface DealTableProps {
  deals: readonly TableDeal[];
  /** The table's accessible name. */
  label: string;
  /** Names each deal's company under its title (lists that span several companies). */
  showCompany?: boolean;
  /** Adds a column with when each deal last changed (the recent deals). */
  showChanged?: boolean;
  /** Two columns (deal, amount), the stage and close date under the title: for a narrow side pane. */
  compact?: boolean;
}

type RowOptions = Required<Pick<DealTableProps, 'showCompany' | 'showChanged' | 'compact'>>;

/** Renders `deals` as a table. */
export function DealTable({ deals, label, showCompany = false, showChanged = false, compact = false }: DealTableProps) {
  const options: RowOptions = { showCompany, showChanged: showChanged && !compact, compact };
  return (
    <table className="company-table deal-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Deal</th>
          {compact ? null : <th scope="col">Stage</th>}
          <th scope="col" className="company-table-number">
            Amount
          </th>
          {compact ? null : <th scope="col">Close date</th>}
          {options.showChanged ? <th scope="col">Changed</th> : null}
        </tr>
      </thead>
      <tbody>
        {deals.map((deal) => (
          <DealTableRow key={deal.id} deal={deal} {...options} />
        ))}
      </tbody>
    </table>
  );
}

/** One deal: its title opens its page; its stage, chance, amount in its currency and (expected) close date. */
export function DealTableRow({ deal, showCompany, showChanged, compact }: { deal: TableDeal } & RowOptions) {
  const now = useNow();
  const category = dealCategoryLabel[deal.category] ?? deal.category;
  const stage = dealStageLabel[deal.stage] ?? deal.stage;
  const closes = formatDate(deal.closedAt ?? deal.expectedCloseDate);
  if (compact) {
    const state = isOpenDeal(deal) ? `${stage}, ${deal.probability}% likely, closes ${closes}` : `${stage} ${closes}`;
    return (
      <tr>
        <DealTitleCell deal={deal} showCompany={showCompany} detail={state} />
        <td className="company-table-number">{formatAmount(deal.amount, deal.currency)}</td>
      </tr>
    );
  }
  return (
    <tr>
      <DealTitleCell deal={deal} showCompany={showCompany} detail={category} />
      <td>
        {stage}
        {isOpenDeal(deal) ? <span className="company-table-sub">{deal.probability}% likely</span> : null}
      </td>
      <td className="company-table-number">{formatAmount(deal.amount, deal.currency)}</td>
      <td>
        {closes}
        {deal.closedAt ? null : <span className="company-table-sub">expected</span>}
      </td>
      {showChanged ? (
        <td className="company-table-nowrap" title={formatDateTime(deal.updatedAt)}>
          {formatAgo(deal.updatedAt, now)}
        </td>
      ) : null}
    </tr>
  );
}

/** The row header of a deal: its title, which opens its page, over `detail` (after its company when shown). */
function DealTitleCell({ deal, showCompany, detail }: { deal: TableDeal; showCompany?: boolean; detail: string }) {
  const openRecord = useUi((state) => state.openRecord);
  return (
    <th scope="row">
      <button type="button" className="link-button" onClick={() => openRecord('deal', deal.id)}>
        {deal.title}
      </button>
      <span className="company-table-sub">
        {showCompany && deal.companyName ? `${deal.companyName} · ${detail}` : detail}
      </span>
    </th>
  );
}
