/**
 * Bridge calls of the spend area: money spent between us and companies per month, sales (the
 * company is our customer) and purchases (it is our supplier), read from the service on demand
 * (`Query Spend`, `Get Spend`) and kept with their age for offline use. Amounts are minor units of
 * their row's ISO 4217 currency and are never added across currencies (api/openapi.yaml, `Query Spend`).
 */
import { z } from 'zod';
import { type ApiSchemas, call, type KeptAnswer, uuid } from './common';

/** One company's spend in one month and category (the contract's Spend). */
export type Spend = ApiSchemas['Spend'];
/** A spend category (the contract's SpendCategory). */
export type SpendCategory = ApiSchemas['SpendCategory'];
/** `sales` (the company spent with us) or `purchases` (we spent with the company). */
export type SpendDirection = ApiSchemas['SpendDirection'];
/** The sum of one month (or other key) in one currency (the contract's SpendAggregateRow). */
export type SpendAggregateRow = ApiSchemas['SpendAggregateRow'];
/** The sum of every matching record in one currency (the contract's SpendTotal). */
export type SpendTotal = ApiSchemas['SpendTotal'];

/** The spend categories, in the contract's order. */
export const spendCategories = [
  'software',
  'hardware',
  'services',
  'support',
  'training',
  'consulting',
  'logistics',
  'marketing',
] as const satisfies readonly SpendCategory[];

/** The spend directions, in the contract's order. */
export const spendDirections = ['sales', 'purchases'] as const satisfies readonly SpendDirection[];

/** A calendar month, `YYYY-MM` (the contract's SpendPeriod). */
export const spendPeriod = z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM, e.g. 2026-01.');

const filterFields = {
  from: spendPeriod.optional(),
  to: spendPeriod.optional(),
  category: z.enum(spendCategories).optional(),
};
/** Refuses a first month after the last one (the service answers 400 to it). */
function monthsInOrder<T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) {
  return schema.refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: 'The first month is after the last one; choose a first month on or before the last.',
    path: ['from'],
  });
}

/** The filters of a spend read: one company or all, the months `from`..`to` (inclusive), one category or all. */
export const spendFilter = monthsInOrder(z.object({ companyId: uuid.optional(), ...filterFields }).strict());
/** The filters of a spend read, as passed. */
export type SpendFilter = z.input<typeof spendFilter>;

/** One direction's spend per month and currency, and its totals per currency. */
export interface SpendSeries {
  /** One row per month and currency, oldest month first. */
  rows: SpendAggregateRow[];
  totals: SpendTotal[];
  /** False when there were more rows than the client reads (`rows` is then the first of them). */
  complete: boolean;
}

/** Spend per month, sales and purchases apart, for the filters asked. */
export type SpendSummary = Record<SpendDirection, SpendSeries>;

/** Spend per company and currency, sales and purchases apart, largest first. */
export interface SpendByCompany {
  sales: SpendAggregateRow[];
  purchases: SpendAggregateRow[];
  /** False when there were more rows than the client reads (the largest are kept). */
  complete: boolean;
  /** Company id → name, for the companies this machine's cache knows. */
  companyNames: Record<string, string>;
}

/** A company's spend records, newest month first. */
export interface SpendRecords {
  records: Spend[];
  /** False when the company has more records than the client reads. */
  complete: boolean;
}

export const spendCalls = {
  /**
   * Spend per month and currency, sales and purchases apart (`Query Spend` grouped by period), of
   * one company or all, in the months and category asked: from the service when online, else the
   * last answer with its age (`fetchedAt` null: never fetched).
   */
  'spend.summary': call<KeptAnswer<SpendSummary>>()(spendFilter),
  /**
   * Spend per company and currency, sales and purchases apart, largest first (`Query Spend` grouped
   * by company), in the months and category asked: from the service when online, else the last
   * answer with its age.
   */
  'spend.companies': call<KeptAnswer<SpendByCompany>>()(monthsInOrder(z.object(filterFields).strict())),
  /**
   * One company's spend records (`Get Spend`), newest month first, in the months and category asked:
   * from the service when online, else the last answer with its age. An unknown company is refused
   * (not_found) when nothing was kept.
   */
  'spend.records': call<KeptAnswer<SpendRecords>>()(
    monthsInOrder(z.object({ companyId: uuid, ...filterFields }).strict()),
  ),
} as const;
