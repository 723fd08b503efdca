/** The contacts area of the service (see `./area.ts`). */
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the contacts area. */
export const contactsArea: ServiceArea = {
  name: 'contacts',
  ddl: '',
  handlers: () => ({}),
  seed: () => {},
};
