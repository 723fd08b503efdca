/** The branches-deals area of the service (see `./area.ts`). */
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the branches-deals area. */
export const branchesDealsArea: ServiceArea = {
  name: 'branches-deals',
  ddl: '',
  handlers: () => ({}),
  seed: () => {},
};
