/** The audit-platform area of the service (see `./area.ts`): audit records and the `auditTrail` operation. */
import { auditDdl } from '../db/audit';
import { seedAuditRecords } from '../demo/audit';
import { idempotencyDdl } from '../http/idempotency-hook';
import { auditTrailHandlers } from '../operations/audit-trail';
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the audit-platform area. */
export const auditPlatformArea: ServiceArea = {
  name: 'audit-platform',
  ddl: `${auditDdl}\n${idempotencyDdl}`,
  handlers: (deps) => auditTrailHandlers(deps),
  seed: (ctx) => seedAuditRecords(ctx),
};
