/**
 * The calendar-campaigns area of the service (see `./area.ts`): writing calendar entries and their
 * recipients (the Calendar group's reads are core operations), and the Campaign group. Campaigns are
 * sent in the background by the service's `CampaignSender` (`../operations/campaign-sender.ts`).
 */
import { campaignsDdl } from '../db/campaigns';
import { seedCalendarGuests } from '../demo/calendar-guests';
import { seedCampaigns } from '../demo/campaigns';
import { calendarWriteHandlers } from '../operations/calendar-writes';
import { campaignHandlers } from '../operations/campaigns';
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the calendar-campaigns area. */
export const calendarCampaignsArea: ServiceArea = {
  name: 'calendar-campaigns',
  ddl: campaignsDdl,
  handlers: (deps) => ({ ...calendarWriteHandlers(deps), ...campaignHandlers(deps) }),
  seed: ({ store, repos, f, now, people }) => {
    seedCalendarGuests(store, repos.calendarRecipients, f, people);
    seedCampaigns(store, repos.campaigns, f, now, people);
  },
};
