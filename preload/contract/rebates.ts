/**
 * Bridge calls of the rebates area: rebate agreements, their deal earnings and grouped totals, read
 * from the service on demand and kept (with their age) for offline use. Amounts are minor units of
 * their row's ISO 4217 currency and are never added across currencies (api/openapi.yaml,
 * `Rebate Summary Data`).
 */
import { z } from 'zod';
import { type ApiSchemas, call, type KeptAnswer, uuid } from './common';

/** A rebate agreement (the contract's Rebate). */
export type Rebate = ApiSchemas['Rebate'];
/** What one qualifying deal earns under one agreement (the contract's RebateDealEarning). */
export type RebateDealEarning = ApiSchemas['RebateDealEarning'];
/** One group and currency of `Rebate Summary Data` (the contract's RebateSummaryRow). */
export type RebateSummaryRow = ApiSchemas['RebateSummaryRow'];
/** Totals in one currency (the contract's RebateTotals). */
export type RebateTotals = ApiSchemas['RebateTotals'];
/** How summary rows are grouped (the contract's RebateSummaryGroupBy). */
export type RebateGroupBy = ApiSchemas['RebateSummaryGroupBy'];

/** The groupings of `Rebate Summary Data`, in the contract's order. */
export const rebateGroupings = [
  'rebate',
  'company',
  'category',
  'month',
  'quarter',
  'year',
] as const satisfies readonly RebateGroupBy[];

/** Grouped rebate totals: every row the service gave (up to a limit) and the totals per currency. */
export interface RebateSummary {
  groupBy: RebateGroupBy;
  rows: RebateSummaryRow[];
  totals: RebateTotals[];
  /** False when there were more rows than the client reads (`rows` is then the first of them). */
  complete: boolean;
}

/** A rebate agreement with its deal earnings (newest deal first) and the names of its companies. */
export interface RebateDetail {
  rebate: Rebate;
  earnings: RebateDealEarning[];
  /** False when the agreement has more deal earnings than the client reads. */
  complete: boolean;
  /** Company id → name, for the companies this machine's cache knows. */
  companyNames: Record<string, string>;
}

export const rebatesCalls = {
  /**
   * Rebate totals grouped by `groupBy` (`rebate` lists the agreements with earnings), optionally of
   * one agreement or of one company's deals: from the service when online, else the last answer
   * with its age.
   */
  'rebates.summary': call<KeptAnswer<RebateSummary>>()(
    z
      .object({
        groupBy: z.enum(rebateGroupings),
        rebateId: uuid.optional(),
        companyId: uuid.optional(),
      })
      .strict(),
  ),
  /**
   * One agreement and its deal earnings: from the service when online, else the last answer with its
   * age (null when it was never fetched). An agreement the service does not know is refused (not_found).
   */
  'rebates.detail': call<KeptAnswer<RebateDetail | null>>()(z.object({ id: uuid }).strict()),
} as const;
