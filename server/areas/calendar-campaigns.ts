/**
 * The calendar-campaigns area of the service (see `./area.ts`): writing calendar entries and their
 * recipients (the Calendar group's reads are core operations), and the Campaign group.
 */
import { sharedContractAjv } from '../contract/ajv';
import { loadContract } from '../contract/spec';
import { CalendarRecipientRows } from '../db/calendar-recipients';
import { CampaignRepo, campaignsDdl } from '../db/campaigns';
import type { ServiceStore } from '../db/store';
import { seedCalendarGuests } from '../demo/calendar-guests';
import { seedCampaigns } from '../demo/campaigns';
import { calendarWriteHandlers } from '../operations/calendar-writes';
import { CampaignSender } from '../operations/campaign-sender';
import { campaignHandlers } from '../operations/campaigns';
import type { ServiceArea } from './area';

const repos = new WeakMap<ServiceStore, CampaignRepo>();
const senders = new WeakMap<ServiceStore, CampaignSender>();

/** The campaign repository of a store (one per store). */
export function campaignRepo(store: ServiceStore): CampaignRepo {
  let repo = repos.get(store);
  if (!repo) {
    repo = new CampaignRepo(store.db, store.feed, sharedContractAjv(loadContract().contract));
    repos.set(store, repo);
  }
  return repo;
}

/** The campaign sender of a store (one per store), started on first use. */
export function campaignSender(store: ServiceStore): CampaignSender {
  let sender = senders.get(store);
  if (!sender) {
    sender = new CampaignSender(store, campaignRepo(store));
    sender.start();
    senders.set(store, sender);
  }
  return sender;
}

/** Tables, handlers and demo data of the calendar-campaigns area. */
export const calendarCampaignsArea: ServiceArea = {
  name: 'calendar-campaigns',
  ddl: campaignsDdl,
  handlers: (deps) => {
    return {
      ...calendarWriteHandlers(deps, new CalendarRecipientRows(deps.store.db)),
      ...campaignHandlers(deps, campaignRepo(deps.store), campaignSender(deps.store)),
    };
  },
  seed: ({ store, f, now, people }) => {
    seedCalendarGuests(store, new CalendarRecipientRows(store.db), f, people);
    seedCampaigns(store, campaignRepo(store), f, now, people);
  },
};
