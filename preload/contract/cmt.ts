/**
 * Bridge calls of a company's CMT (customer management terms, api/openapi.yaml `View CMT`,
 * `Save CMT`): read on demand and kept (with its age) for offline use; a save goes through the write
 * path (queued in the outbox, sent by sync, so it works offline too).
 */
import { z } from 'zod';
import { type ApiSchemas, call, type KeptAnswer, uuid } from './common';
import { cmtSaveSchema } from './write-inputs';

/** A company's CMT as the service keeps it (the contract's Cmt). */
export type Cmt = ApiSchemas['Cmt'];

/** A save of the terms waiting in the outbox (made here, not yet accepted by the service). */
export interface QueuedTerms {
  /** The outbox entry (its id is the save's Idempotency-Key). */
  entryId: string;
  terms: ApiSchemas['CmtSave'];
  state: 'waiting' | 'sending' | 'conflict' | 'refused';
  /** Why the service refused it, in its words (null while waiting). */
  message: string | null;
}

/** A company's terms: the service's (null: the company has none yet), with its age, and a save waiting. */
export type CompanyTerms = KeptAnswer<Cmt | null> & {
  queued: QueuedTerms | null;
  /** Name of the account manager from the cache (null when none is set or the contact is not cached). */
  accountManagerName: string | null;
};

export const cmtCalls = {
  /** The terms of company `companyId`: from the service when online, else the last answer with its age. */
  'cmt.get': call<CompanyTerms>()(z.object({ companyId: uuid }).strict()),
  /**
   * Saves a company's terms through the write path. `version` is the version of the terms the edit
   * was made against (sent as If-Match; null when creating). A save still waiting for the same
   * company is replaced by this one.
   */
  'cmt.save': call<CompanyTerms>()(
    z.object({ terms: cmtSaveSchema, version: z.number().int().min(1).nullable() }).strict(),
  ),
} as const;
