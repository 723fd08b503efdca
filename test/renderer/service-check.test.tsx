/**
 * "Check with the service" (components/service-check.tsx) in the calendar, the notifications and a
 * folder: the status line says what the service lists and what is new here, names the kept records
 * the service no longer lists, gives the offline words, and the check runs by itself only when the
 * listing opens after a stale sync.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { ListingCheck } from '../../preload/contract';
import { checkSummary, notListedSummary } from '../../renderer/src/components/service-check';
import { installCalendarFakes } from './fakes-calendar';
import { renderApp, signedInBridge } from './render-app';

const checkedAt = '2026-11-24T14:02:00.000Z';
const at = format(new Date(checkedAt), 'HH:mm');

async function openView(user: ReturnType<typeof renderApp>['user'], name: string) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name }));
}

describe('service check status line', () => {
  it('says how many the service lists and how many are new here, in words', () => {
    const base = {
      outcome: 'checked' as const,
      newIds: [] as string[],
      notListed: [],
      complete: true,
      checkedAt,
    };
    expect(checkSummary({ ...base, listed: 42, newHere: 2 }, ['event', 'events'])).toBe(
      `Checked ${at}: the service lists 42 events; 2 new here, now kept.`,
    );
    expect(checkSummary({ ...base, listed: 1, newHere: 0 }, ['event', 'events'])).toBe(
      `Checked ${at}: the service lists 1 event; all of them were already here.`,
    );
    expect(checkSummary({ ...base, listed: 2000, newHere: 3, complete: false }, ['event', 'events'])).toContain(
      'lists more than 2,000 events',
    );
    expect(notListedSummary(1, ['event', 'events'])).toBe(
      '1 kept event is not listed by the service any more; sync will confirm.',
    );
    expect(notListedSummary(3, ['event', 'events'])).toBe(
      '3 kept events are not listed by the service any more; sync will confirm.',
    );
  });

  it('checks the calendar range on request and names the kept event the service no longer lists', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    installCalendarFakes(bridge);
    const answer: ListingCheck = {
      outcome: 'checked',
      listed: 42,
      newHere: 2,
      newIds: ['a', 'b'],
      notListed: [{ type: 'calendarEvent', id: '7f0c0c43-1111-4a5c-9a52-6f1f8d0e0a01', label: 'Board meeting' }],
      complete: true,
      checkedAt,
    };
    bridge.handle('calendar.checkRange', () => answer);
    await openView(user, 'Calendar');
    // The last sync is recent: nothing is asked until the user does.
    await screen.findByRole('button', { name: 'Check with the service' });
    expect(bridge.callsTo('calendar.checkRange')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Check with the service' }));
    expect(await screen.findByText(`Checked ${at}: the service lists 42 events; 2 new here, now kept.`)).toBeTruthy();
    expect(screen.getByText('1 kept event is not listed by the service any more; sync will confirm.')).toBeTruthy();
    const missing = screen.getByRole('list', { name: 'Kept events the service no longer lists' });
    expect(within(missing).getByRole('button', { name: 'Board meeting' })).toBeTruthy();
    const [range] = bridge.callsTo('calendar.checkRange');
    expect(Date.parse(range.to) > Date.parse(range.from)).toBe(true);
  });

  it('gives the offline words the core answers, and shows dismissed notifications', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    const words = 'The service cannot be reached now, so your notifications could not be checked.';
    bridge.handle('notifications.checkList', () => ({ outcome: 'unavailable', message: words, checkedAt }));
    bridge.handle('notifications.listDismissed', () => [
      {
        id: '5b7a3f10-2222-4c3d-8e2f-1a0b9c8d7e6f',
        kind: 'comment',
        title: 'Old comment on the offer',
        body: 'Seen.',
        state: 'dismissed',
        resourceType: null,
        resourceId: null,
        createdAt: '2026-11-20T09:00:00.000Z',
      },
    ]);
    await openView(user, 'Notifications');
    await user.click(await screen.findByRole('button', { name: 'Check with the service' }));
    expect(await screen.findByText(words)).toBeTruthy();

    const toggle = screen.getByRole('checkbox', { name: 'Show dismissed' });
    await user.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(true);
    const section = await screen.findByRole('region', { name: 'Dismissed notifications' });
    expect(within(section).getByText('Old comment on the offer')).toBeTruthy();
    // The check now asks for the dismissed ones.
    await user.click(screen.getByRole('button', { name: 'Check with the service' }));
    await waitFor(() => expect(bridge.callsTo('notifications.checkList').at(-1)).toEqual({ state: 'dismissed' }));
  });

  it('checks the folder by itself once when it opens after a stale sync', async () => {
    const stale = signedInBridge();
    const bridge = signedInBridge({
      sync: { ...(await stale.call('sync.getStatus', {})), lastSyncedAt: '2026-01-01T00:00:00.000Z' },
    });
    const { user } = renderApp(bridge);
    bridge.handle('documents.checkFolder', () => ({
      outcome: 'checked',
      listed: 5,
      newHere: 1,
      newIds: ['x'],
      notListed: [],
      complete: true,
      checkedAt,
    }));
    await openView(user, 'Documents');
    expect(
      await screen.findByText(`Checked ${at}: the service lists 5 documents and subfolders; 1 new here, now kept.`),
    ).toBeTruthy();
    expect(bridge.callsTo('documents.checkFolder')).toHaveLength(1);
  });
});
