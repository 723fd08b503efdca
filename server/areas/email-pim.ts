/** The email-pim area of the service (see `./area.ts`). */
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the email-pim area. */
export const emailPimArea: ServiceArea = {
  name: 'email-pim',
  ddl: '',
  handlers: () => ({}),
  seed: () => {},
};
