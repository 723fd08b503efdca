/** The groups-spend-cmt area of the service (see `./area.ts`). */
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the groups-spend-cmt area. */
export const groupsSpendCmtArea: ServiceArea = {
  name: 'groups-spend-cmt',
  ddl: '',
  handlers: () => ({}),
  seed: () => {},
};
