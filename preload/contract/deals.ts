/**
 * Bridge calls of the deals area: PSA deals are read-only (api/openapi.yaml, tag Psa: the PSA
 * system moves them) and not in the change feed, so each call asks the service on demand and the
 * last answer is kept for offline use with its age (`KeptAnswer`, see main/core/areas/kept.ts).
 */
import { z } from 'zod';
import { type ApiSchemas, byId, call, type KeptAnswer, uuid } from './common';
import type { Deal } from './companies';

export type DealCategory = ApiSchemas['DealCategory'];
export type DealStage = ApiSchemas['DealStage'];

/** What a deal sells (api/openapi.yaml `DealCategory`), in the contract's order. */
export const dealCategories = [
  'hardware',
  'software',
  'services',
  'support',
  'consulting',
  'training',
] as const satisfies readonly DealCategory[];

/** The pipeline's stages in order (api/openapi.yaml `DealStage`): four open ones, then the two final ones. */
export const dealStages = [
  'prospecting',
  'qualification',
  'proposal',
  'negotiation',
  'closedWon',
  'closedLost',
] as const satisfies readonly DealStage[];

/** A deal with the names of its company, contact and owner from the cache (null when the cache lacks them). */
export type DealRow = Deal & { companyName: string | null; contactName: string | null; ownerName: string | null };

/** A list of deals; `complete` is false when there were more than the client reads at once. */
export interface DealList {
  deals: DealRow[];
  complete: boolean;
}

/** Most deals of one list the client reads (pages of 500 from the service); the board draws only the cards in sight. */
export const maxDealList = 10_000;

/** Most deals `Gets recent deals` answers (api/openapi.yaml: `limit` maximum 100). */
export const maxRecentDeals = 100;

export const dealsCalls = {
  /** One deal (`Get deal`); `value` is null only offline when it was never fetched. Unknown deal: `not_found`. */
  'deals.get': call<KeptAnswer<DealRow | null>>()(byId),
  /** The deals of one contact or one company (`Get deals related to a contact or company`); exactly one id. */
  'deals.related': call<KeptAnswer<DealList>>()(
    z.union([z.object({ contactId: uuid }).strict(), z.object({ companyId: uuid }).strict()]),
  ),
  /** Every deal of a category (`Get deals within a specific category`), newest change first. */
  'deals.byCategory': call<KeptAnswer<DealList>>()(z.object({ category: z.enum(dealCategories) }).strict()),
  /** The latest changed deals (`Gets recent deals`), newest first. */
  'deals.recent': call<KeptAnswer<DealList>>()(
    z.object({ limit: z.number().int().min(1).max(maxRecentDeals).default(50) }).strict(),
  ),
} as const;
