/**
 * The Campaigns view: the list with states in words, narrowed by state; a draft refused next to its
 * field then queued and listed as pending; scheduling in the user's time zone sent as ISO 8601 UTC
 * (and a past time refused in words); recipients listed, added from a contact and a group, removed;
 * sending asked first, its progress read again until it is sent; a refused move said in words;
 * offline, the controls that need the service say so.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../preload/contract';
import { needsServiceMessage } from '../../renderer/src/lib/use-online';
import { toLocalInput } from '../../renderer/src/views/campaigns/campaign-words';
import { installCampaigns, makeCampaign, makeRecipient, suppliers } from './fakes-campaigns';
import { renderApp, signedInBridge } from './render-app';

type User = ReturnType<typeof renderApp>['user'];

/** A bridge with a draft with two recipients, a scheduled campaign and a sent one. */
function campaignsBridge() {
  const bridge = signedInBridge();
  const [ann, ben] = bridge.data.contacts;
  const draft = makeCampaign(3, 'Spring launch', { recipientCount: 2 });
  const scheduled = makeCampaign(2, 'Price list', {
    state: 'scheduled',
    scheduledAt: '2026-12-01T08:00:00.000Z',
    recipientCount: 5,
  });
  const sent = makeCampaign(1, 'Autumn newsletter', {
    state: 'sent',
    sentAt: '2026-11-01T08:00:00.000Z',
    recipientCount: 4,
    deliveredCount: 3,
    failedCount: 1,
  });
  const recipients = [makeRecipient(draft.id, ann), makeRecipient(draft.id, ben)];
  const rows = installCampaigns(bridge, [draft, scheduled, sent], recipients);
  return { bridge, draft, scheduled, sent, rows, contacts: bridge.data.contacts };
}

async function openCampaigns(user: User) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: /^Campaigns/ }));
  return screen.findByRole('list', { name: 'Campaigns, last changed first' });
}

async function openCampaign(user: User, name: string) {
  const list = await openCampaigns(user);
  await user.click(within(list).getByRole('button', { name: new RegExp(name) }));
  return screen.findByRole('article', { name });
}

describe('campaigns view', () => {
  it('lists campaigns with their state, time and recipients in words, narrowed by state', async () => {
    const { bridge, sent } = campaignsBridge();
    const { user } = renderApp(bridge);
    const list = await openCampaigns(user);
    const items = within(list).getAllByRole('button');
    expect(items.map((b) => b.querySelector('.campaign-list-title')?.textContent)).toEqual([
      'Spring launch',
      'Price list',
      'Autumn newsletter',
    ]);
    expect(items[0].textContent).toContain('Draft');
    expect(items[0].textContent).toContain('2 recipients');
    expect(items[1].textContent).toMatch(/Scheduled.*Scheduled for Dec 1, 2026/);
    expect(items[2].textContent).toMatch(/Sent.*Sent Nov 1, 2026/);

    await user.click(screen.getByRole('button', { name: 'Sent', pressed: false }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: /Campaigns/ })).getAllByRole('button')).toHaveLength(1),
    );
    expect(bridge.callsTo('campaigns.list').at(-1)).toEqual({ states: ['sent'], cursor: null });

    await user.click(screen.getByRole('button', { name: /Autumn newsletter/ }));
    const page = await screen.findByRole('article', { name: 'Autumn newsletter' });
    expect(page.textContent).toContain('It was sent and cannot be changed or sent again; it can only be deleted.');
    expect(page.textContent).toContain('3 delivered, 1 failed');
    expect(within(page).queryByRole('button', { name: /Send now/ })).toBeNull();
    expect(within(page).queryByRole('button', { name: 'Edit campaign' })).toBeNull();
    // Notes are written on a campaign like on any record page.
    expect(await within(page).findByRole('region', { name: 'Notes' })).toBeTruthy();
    expect(bridge.callsTo('comments.list').at(-1)).toEqual({ recordType: 'campaign', recordId: sent.id });
  });

  it('refuses a draft without a name next to the field, then queues one and lists it as pending', async () => {
    const { bridge } = campaignsBridge();
    const { user } = renderApp(bridge);
    await openCampaigns(user);
    await user.click(screen.getByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    await user.type(within(dialog).getByLabelText(/^Subject/), 'Meet our new pump');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(bridge.callsTo('campaigns.save')).toEqual([]);

    await user.type(name, 'Pump launch');
    await user.type(within(dialog).getByLabelText(/^Message$/), 'Hello.');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.callsTo('campaigns.save')).toEqual([
      {
        campaign: {
          name: 'Pump launch',
          subject: 'Meet our new pump',
          content: 'Hello.',
          contentFormat: 'text',
          channel: 'email',
          audience: null,
          scheduledAt: null,
        },
        version: null,
      },
    ]);
    const page = await screen.findByRole('article', { name: 'Pump launch' });
    expect(page.textContent).toContain('Pending');
    expect(page.textContent).toContain('Recipients can be added once this campaign has reached the service.');
    expect(within(page).getByRole('button', { name: 'Send now…' })).toHaveProperty('disabled', true);
  });

  it('schedules a draft at a time in the user time zone, sent as UTC, and refuses a past time in words', async () => {
    const { bridge, draft } = campaignsBridge();
    const { user } = renderApp(bridge);
    const page = await openCampaign(user, 'Spring launch');
    await user.click(within(page).getByRole('button', { name: 'Schedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule "Spring launch"' });
    const when = within(dialog).getByLabelText(/^Send on/);
    fireEvent.change(when, { target: { value: toLocalInput(new Date(Date.now() - 3_600_000).toISOString()) } });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(dialog.textContent).toContain('Choose a time in the future.');
    expect(bridge.callsTo('campaigns.save')).toEqual([]);

    const local = toLocalInput(new Date(Date.now() + 2 * 86_400_000).toISOString());
    fireEvent.change(when, { target: { value: local } });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [saved] = bridge.callsTo('campaigns.save');
    expect(saved.campaign.scheduledAt).toBe(new Date(local).toISOString());
    expect(saved.campaign.id).toBe(draft.id);
    expect(saved.version).toBe(draft.version);
    const after = await screen.findByRole('article', { name: 'Spring launch' });
    await waitFor(() => expect(after.querySelector('.campaign-state')?.textContent).toBe('Scheduled'));
    expect(within(after).getByRole('button', { name: 'Unschedule' })).toBeTruthy();
  });

  it('lists recipients with their delivery, adds a contact and a group, and removes one', async () => {
    const { bridge, draft, contacts } = campaignsBridge();
    const { user } = renderApp(bridge);
    const page = await openCampaign(user, 'Spring launch');
    const table = await within(page).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table.textContent).toContain('Not sent yet');

    const third = contacts[2];
    await user.type(within(page).getByRole('combobox', { name: 'Add a contact' }), third.lastName);
    await user.click(
      (await screen.findAllByRole('option', { name: new RegExp(`${third.firstName} ${third.lastName}`) }))[0],
    );
    await user.click(within(page).getByRole('button', { name: 'Add 1 contact' }));
    await waitFor(() => expect(page.textContent).toContain('1 recipient added. It has 3 recipients now.'));
    expect(bridge.callsTo('campaigns.addRecipients')).toEqual([{ campaignId: draft.id, contactIds: [third.id] }]);

    await user.selectOptions(within(page).getByLabelText(/^Add the members of a group/), suppliers.id);
    await user.click(within(page).getByRole('button', { name: 'Add group members' }));
    await waitFor(() =>
      expect(page.textContent).toContain(
        '3 recipients added; 1 already on the campaign; 2 left out: no e-mail address, or archived.',
      ),
    );
    expect(bridge.callsTo('campaigns.addGroup')).toEqual([{ campaignId: draft.id, groupId: suppliers.id }]);

    const first = contacts[0];
    await user.click(within(page).getByRole('button', { name: `Remove ${first.firstName} ${first.lastName}` }));
    await waitFor(() => expect(within(page).getAllByRole('row')).toHaveLength(2));
    expect(bridge.callsTo('campaigns.removeRecipient')).toEqual([{ campaignId: draft.id, contactId: first.id }]);
  });

  it('sends after asking and follows the progress until the campaign is sent', async () => {
    const { bridge, draft } = campaignsBridge();
    const { user } = renderApp(bridge);
    const page = await openCampaign(user, 'Spring launch');
    await user.click(within(page).getByRole('button', { name: 'Send now…' }));
    const ask = await screen.findByRole('dialog', { name: 'Send this campaign now?' });
    expect(ask.textContent).toContain('goes to its 2 recipients now');
    expect(bridge.callsTo('campaigns.send')).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Send now' }));
    expect(bridge.callsTo('campaigns.send')).toEqual([{ id: draft.id }]);
    await waitFor(() => expect(page.textContent).toContain('Sending: 1 of 2 recipients done (50%).'));
    expect(page.textContent).toContain('read again every 2 seconds until it is sent');
    // The campaign is read again by itself until the service reports it sent.
    await waitFor(() => expect(page.textContent).toContain('2 delivered, 0 failed.'), { timeout: 8_000 });
    expect(page.querySelector('.campaign-state')?.textContent).toBe('Sent');
    const reads = bridge.callsTo('campaigns.get').length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(bridge.callsTo('campaigns.get').length).toBe(reads);
  }, 15_000);

  it('says a refused send in words with the state the campaign is in', async () => {
    const { bridge } = campaignsBridge();
    bridge.handle('campaigns.send', () => {
      throw new BridgeError(
        'conflict',
        'Sending the campaign was refused: the campaign is sending on the service now. The service is sending it now: it cannot be changed or deleted until it is sent.',
      );
    });
    const { user } = renderApp(bridge);
    const page = await openCampaign(user, 'Price list');
    await user.click(within(page).getByRole('button', { name: 'Send now…' }));
    const ask = await screen.findByRole('dialog', { name: 'Send this campaign now?' });
    expect(ask.textContent).toContain('instead of at its scheduled time');
    await user.click(within(ask).getByRole('button', { name: 'Send now' }));
    const alert = await within(page).findByRole('alert');
    expect(alert.textContent).toBe(
      'It was not sent: Sending the campaign was refused: the campaign is sending on the service now. The service is sending it now: it cannot be changed or deleted until it is sent.',
    );
  });

  it('offline: sending and recipients say they need the service; delete still asks and queues', async () => {
    const { bridge, draft } = campaignsBridge();
    bridge.handle('campaigns.delete', () => ({ deleted: true as const }));
    const { user } = renderApp(bridge);
    const page = await openCampaign(user, 'Spring launch');
    bridge.emit('sync.status', { ...bridge.data.sync, state: 'offline', message: 'Offline' });
    await waitFor(() =>
      expect(within(page).getByRole('button', { name: 'Send now…' })).toHaveProperty('disabled', true),
    );
    expect(within(page).getByRole('button', { name: 'Send now…' }).getAttribute('title')).toBe(needsServiceMessage);
    expect(within(page).getByRole('button', { name: 'Add group members' })).toHaveProperty('disabled', true);
    expect(page.textContent).toContain(needsServiceMessage);

    await user.click(within(page).getByRole('button', { name: 'Delete campaign' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete this campaign?' });
    await user.click(within(ask).getByRole('button', { name: 'Delete campaign' }));
    await waitFor(() => expect(bridge.callsTo('campaigns.delete')).toEqual([{ id: draft.id, version: draft.version }]));
    expect(await screen.findByText(/is deleted when the service can be reached/)).toBeTruthy();
  });
});
