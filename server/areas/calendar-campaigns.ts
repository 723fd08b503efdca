/** The calendar-campaigns area of the service (see `./area.ts`). */
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the calendar-campaigns area. */
export const calendarCampaignsArea: ServiceArea = {
  name: 'calendar-campaigns',
  ddl: '',
  handlers: () => ({}),
  seed: () => {},
};
