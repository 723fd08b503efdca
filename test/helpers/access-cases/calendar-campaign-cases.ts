/** Access-matrix cases of the Calendar, Campaign and Branch groups. */
import type { Matrix, MatrixCase } from '../access-matrix';
import { eventBody, made, unique } from './common';

/** A calendar event organized by the owner; with `invite`, one recipient invited by e-mail. */
async function ownersEvent(m: Matrix, invite = false): Promise<{ eventId: string; email: string }> {
  const event = await made<{ id: string }>(m.users.owner.client, 'saveCalendar', { body: eventBody() });
  const email = `guest.${unique()}@example.com`;
  if (invite)
    await made(m.users.owner.client, 'addRecipients', {
      body: { eventId: event.id, people: [{ name: 'Guest', email }] },
    });
  return { eventId: event.id, email };
}

const campaignBody = () => ({
  name: `Campaign ${unique()}`,
  subject: 'What is new',
  content: 'Dear customer, here is what changed.',
  contentFormat: 'text',
  channel: 'email',
  audience: null,
  scheduledAt: null,
});

/** A draft campaign of the owner; with `recipient`, one contact (with an e-mail address) added to it. */
async function ownersCampaign(m: Matrix, recipient = false): Promise<{ campaignId: string; contactId: string }> {
  const campaign = await made<{ id: string }>(m.users.owner.client, 'saveCampaign', { body: campaignBody() });
  const contact = await made<{ id: string }>(m.users.admin.client, 'saveUser', {
    body: { firstName: 'Rita', lastName: unique(), email: `rita.${unique()}@example.com` },
  });
  if (recipient)
    await made(m.users.owner.client, 'addCampaignRecipient', {
      body: { campaignId: campaign.id, contactIds: [contact.id] },
    });
  return { campaignId: campaign.id, contactId: contact.id };
}

const branchBody = (companyId: string) => ({
  companyId,
  name: `Branch ${unique()}`,
  kind: 'office',
  address: { street: 'Main St 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
  latitude: 52.52,
  longitude: 13.405,
  phone: null,
  email: null,
  openingHours: null,
});

/** The cases, by operationId. */
export const calendarCampaignCases: Record<string, MatrixCase> = {
  listCalendarEvents: {
    request: () => ({ query: { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z', limit: 5 } }),
  },
  getCalendarDetail: { setup: (m) => ownersEvent(m), request: (fx) => ({ query: { id: fx.eventId } }) },
  getCalendarRecipients: { setup: (m) => ownersEvent(m, true), request: (fx) => ({ query: { eventId: fx.eventId } }) },
  saveCalendar: {
    setup: (m) => ownersEvent(m),
    request: (fx) => ({ body: { id: fx.eventId, ...eventBody(`Moved ${unique()}`) } }),
  },
  deleteCalendar: { setup: (m) => ownersEvent(m), request: (fx) => ({ query: { id: fx.eventId } }) },
  addRecipients: {
    setup: (m) => ownersEvent(m),
    request: (fx) => ({
      body: { eventId: fx.eventId, people: [{ name: 'New guest', email: `new.${unique()}@example.com` }] },
    }),
  },
  removeCalendarRecipient: {
    setup: (m) => ownersEvent(m, true),
    request: (fx) => ({ query: { eventId: fx.eventId, email: fx.email } }),
  },
  saveCampaign: {
    setup: (m) => ownersCampaign(m),
    request: (fx) => ({ body: { id: fx.campaignId, ...campaignBody() } }),
  },
  getCampaigns: { request: () => ({ body: { limit: 5 } }) },
  deleteCampaign: { setup: (m) => ownersCampaign(m), request: (fx) => ({ query: { id: fx.campaignId } }) },
  addCampaignRecipient: {
    setup: (m) => ownersCampaign(m),
    request: (fx) => ({ body: { campaignId: fx.campaignId, contactIds: [fx.contactId] } }),
  },
  getCampaignRecipients: {
    setup: (m) => ownersCampaign(m, true),
    request: (fx) => ({ query: { campaignId: fx.campaignId } }),
  },
  removeCampaignRecipient: {
    setup: (m) => ownersCampaign(m, true),
    request: (fx) => ({ query: { campaignId: fx.campaignId, contactId: fx.contactId } }),
  },
  sendCampaign: { setup: (m) => ownersCampaign(m, true), request: (fx) => ({ body: { id: fx.campaignId } }) },
  getBranch: { request: (_fx, m) => ({ query: { id: m.demo.branchId } }) },
  getCompanyBranches: { request: (_fx, m) => ({ query: { companyId: m.demo.companyId, limit: 5 } }) },
  saveBranch: { request: (_fx, m) => ({ body: branchBody(m.demo.companyId) }) },
  deleteBranch: {
    setup: async (m) => ({
      id: (await made<{ id: string }>(m.users.admin.client, 'saveBranch', { body: branchBody(m.demo.companyId) })).id,
    }),
    request: (fx) => ({ query: { id: fx.id } }),
  },
  branchLocator: { request: () => ({ body: { latitude: 52.52, longitude: 13.405, radiusKm: 500, limit: 5 } }) },
};
