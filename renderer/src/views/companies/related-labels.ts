/**
 * Words for what the service relates to a company (api/openapi.yaml: `Branch`, `BranchKind`,
 * `Deal`, `DealStage`, `DealCategory`), and the age of an answer kept for offline use.
 */
import type { Branch, Deal } from '../../../../preload/contract';
import { formatMinorUnits } from '../../lib/currency-format';
import { formatAgo } from '../../lib/format';

/** Label of a branch's kind. */
export const branchKindLabel: Record<Branch['kind'], string> = {
  headquarters: 'Headquarters',
  office: 'Office',
  warehouse: 'Warehouse',
  store: 'Store',
  factory: 'Factory',
  serviceCenter: 'Service center',
};

/** Label of a deal's stage in the sales pipeline. */
export const dealStageLabel: Record<Deal['stage'], string> = {
  prospecting: 'Prospecting',
  qualification: 'Qualification',
  proposal: 'Proposal',
  negotiation: 'Negotiation',
  closedWon: 'Won',
  closedLost: 'Lost',
};

/** Label of what a deal sells. */
export const dealCategoryLabel: Record<Deal['category'], string> = {
  hardware: 'Hardware',
  software: 'Software',
  services: 'Services',
  support: 'Support',
  consulting: 'Consulting',
  training: 'Training',
};

/** True while a deal is still in the pipeline (not won or lost). */
export function isOpenDeal(deal: Deal): boolean {
  return deal.stage !== 'closedWon' && deal.stage !== 'closedLost';
}

/**
 * A deal's amount in its currency: `amount` is in minor units of the ISO 4217 `currency` (contract:
 * `Deal.amount`), so 4850000 EUR → "€48,500.00". An unknown currency code shows as "48,500.00 XYZ".
 */
export function formatAmount(amount: number, currency: string): string {
  return (
    formatMinorUnits(amount, currency, 'standard') ??
    `${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} ${currency}`
  );
}

/** Answers older than this are marked with their age even online, ms (15 minutes). */
export const staleAfterMs = 15 * 60 * 1000;

/**
 * What to say about the age of an answer fetched on demand (ISO 8601 `fetchedAt`, null: never
 * fetched), or null when it is fresh and the service can be reached: "as of 2 hours ago (offline)",
 * "as of 20 minutes ago", "not fetched yet (offline)".
 */
export function keptAnswerAge(fetchedAt: string | null, online: boolean, now: number): string | null {
  if (fetchedAt === null) return online ? null : 'not fetched yet (offline)';
  const old = now - Date.parse(fetchedAt) > staleAfterMs;
  if (online && !old) return null;
  return `as of ${formatAgo(fetchedAt, now)}${online ? '' : ' (offline)'}`;
}
