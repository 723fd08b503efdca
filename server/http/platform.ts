/**
 * The cross-cutting behaviour every operation gets from the contract alone: rate limits with
 * RateLimit headers, `Idempotency-Key` replay and audit records. Installed before the operations are
 * bound, so a new contract operation is covered without any code of its own.
 */
import type { FastifyInstance } from 'fastify';
import type { Contract } from '../contract/spec';
import type { AuditRepo } from '../db/audit';
import type { ServiceStore } from '../db/store';
import { auditHooks } from './audit-hook';
import { idempotencyHooks } from './idempotency-hook';
import { OperationIndex } from './operation-index';
import { installRateLimit, type RateLimits } from './rate-limit';

/**
 * Adds the hooks in the order their effects need: the rate limit first of all; the idempotency
 * claim (a write) before the audit's change count, and the audit record before the idempotency
 * store (another write). Audit records are written to `audits`.
 */
export async function installPlatform(
  app: FastifyInstance,
  store: ServiceStore,
  audits: AuditRepo,
  contract: Contract,
  limits: RateLimits,
): Promise<void> {
  await installRateLimit(app, limits, (token) => store.users.verifyAccessToken(token));
  const index = new OperationIndex(contract);
  const audit = auditHooks(index, store.db, audits, (email) => store.users.idByEmail(email));
  const idempotency = idempotencyHooks(index, store.idempotency);
  app.addHook('preHandler', idempotency.preHandler);
  app.addHook('preHandler', audit.preHandler);
  app.addHook('onSend', audit.onSend);
  app.addHook('onSend', idempotency.onSend);
  app.addHook('onResponse', idempotency.onResponse);
}
