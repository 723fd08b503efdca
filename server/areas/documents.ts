/** The documents area of the service (see `./area.ts`). */
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the documents area. */
export const documentsArea: ServiceArea = {
  name: 'documents',
  ddl: '',
  handlers: () => ({}),
  seed: () => {},
};
