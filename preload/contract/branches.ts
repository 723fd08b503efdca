/**
 * Bridge calls of branches (a company's locations; api/openapi.yaml `Get branch`, `Get company
 * branches`, `Save branch`, `Delete Branch`, `Branch Locator`). Branches are not in the change feed:
 * they are read on demand and every branch read is kept for offline use (the company page, the Branch
 * Locator). A save or delete goes through the write path (queued in the outbox, sent by sync), so it
 * works offline too; a branch shows this computer's queued edit until the service has it.
 */
import { z } from 'zod';
import { type ApiSchemas, call, type KeptAnswer, uuid } from './common';
import { branchSaveSchema } from './write-inputs';

/** What a branch is (the contract's BranchKind). */
export type BranchKind = ApiSchemas['BranchKind'];

/** The contract's BranchKind values, in the order forms and filters offer them. */
export const branchKinds = [
  'headquarters',
  'office',
  'warehouse',
  'store',
  'factory',
  'serviceCenter',
] as const satisfies readonly BranchKind[];

/** An edit of a branch made here and not yet accepted by the service. */
export interface QueuedBranchEdit {
  /** The outbox entry (its id is the request's Idempotency-Key). */
  entryId: string;
  kind: 'create' | 'update' | 'delete';
  state: 'waiting' | 'sending' | 'conflict' | 'refused';
  /** Why the service refused it, in its words (null while waiting). */
  message: string | null;
}

/**
 * A branch as this computer shows it: the service's (kept) branch with the queued edit applied. A
 * branch created here and not yet sent has its outbox entry's id as `id` and `version` 0.
 */
export interface BranchRow {
  branch: ApiSchemas['Branch'];
  queued: QueuedBranchEdit | null;
}

/** A branch found by the locator, with its great-circle distance from the search point (km, to metres). */
export interface LocatedBranch {
  distanceKm: number;
  row: BranchRow;
  /** Name of the branch's company from the cache (null when the company is not cached). */
  companyName: string | null;
}

/** What the Branch Locator found. */
export interface LocatorAnswer {
  /** Within the radius, nearest first (ties by id), the same order as the service's `Branch Locator`. */
  items: LocatedBranch[];
  /**
   * 'service': the service's answer now. 'lastAnswer': the service answered this same search
   * before (point, radius, kind) and can be reached: listed at once from the branches kept here (the
   * same rule), while `refreshing` asks it again. 'kept': the service cannot be reached: computed
   * here from every branch this computer has read.
   */
  source: 'service' | 'lastAnswer' | 'kept';
  /**
   * True while the service is asked this search again in the background (source 'lastAnswer');
   * `answers.refreshed` names 'branches' when it has answered.
   */
  refreshing?: boolean;
  /** When the kept branches were last read from the service (ISO 8601 UTC), null when none ever were. */
  keptAt: string | null;
  /** How many branches this computer keeps for offline searches. */
  keptCount: number;
  /** False when more branches are within the radius than the locator lists (`maxLocated`). */
  complete: boolean;
}

/** Most branches one locator search lists. */
export const maxLocated = 1000;

/** A locator search: a point (WGS 84 degrees), a radius (km) and an optional kind (BranchLocatorQuery). */
export const locatorQuerySchema = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    radiusKm: z.number().gt(0).max(20_000),
    kind: z.enum(branchKinds).optional(),
  })
  .strict();
export type LocatorQuery = z.infer<typeof locatorQuerySchema>;

const version = z.number().int().min(0).nullable();

export const branchesCalls = {
  /** The branches of company `companyId` with queued edits: from the service when online, else the last answer with its age. */
  'branches.ofCompany': call<KeptAnswer<BranchRow[]>>()(z.object({ companyId: uuid }).strict()),
  /** One branch with its queued edit: from the service when online, else kept; null when it no longer exists. */
  'branches.get': call<KeptAnswer<BranchRow | null>>()(z.object({ id: uuid }).strict()),
  /**
   * Saves a branch through the write path (creates it without `id`). `version` is the version the
   * edit was made against (sent as If-Match; null when creating). An edit still waiting for the same
   * branch is replaced by this one.
   */
  'branches.save': call<BranchRow>()(z.object({ branch: branchSaveSchema, version }).strict()),
  /** Deletes a branch through the write path (at once for one created here and not yet sent). */
  'branches.delete': call<{ deleted: true }>()(z.object({ id: uuid, version }).strict()),
  /**
   * Branches within the radius of a point, nearest first: the service's answer online (a search it
   * answered before is listed at once from the kept branches and asked again in the background), the
   * kept branches offline.
   */
  'branches.locate': call<LocatorAnswer>()(locatorQuerySchema),
} as const;
