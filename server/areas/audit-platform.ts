/** The audit-platform area of the service (see `./area.ts`). */
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the audit-platform area. */
export const auditPlatformArea: ServiceArea = {
  name: 'audit-platform',
  ddl: '',
  handlers: () => ({}),
  seed: () => {},
};
