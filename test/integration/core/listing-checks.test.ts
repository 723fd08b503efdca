/**
 * Listing checks through the core against the reference service: a calendar event, a notification
 * and a document made on the service before the core synced are found by the check, kept in the
 * cache (listed by the normal list calls) and counted as new here; a record deleted on the service
 * is reported as not listed any more and still kept; offline answers in words; bad ranges are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../main/dispatcher';
import type { ListingCheck } from '../../../preload/contract';
import type { ApiSchemas } from '../../../preload/contract/common';
import { startWritePathRig, type WritePathRig } from '../../helpers/write-path-harness';

type Checked = Extract<ListingCheck, { outcome: 'checked' }>;

function checked(answer: ListingCheck): Checked {
  if (answer.outcome !== 'checked') throw new Error(`expected a checked answer, got: ${answer.message}`);
  return answer;
}

describe('listing checks against the service', () => {
  let rig: WritePathRig;
  const from = '2031-03-02T00:00:00.000Z';
  const to = '2031-03-09T00:00:00.000Z';

  async function eventOnService(title: string, startsAt: string, endsAt: string): Promise<ApiSchemas['CalendarEvent']> {
    const res = await rig.client.call('saveCalendar', {
      body: { title, description: null, location: null, startsAt, endsAt, allDay: false, status: 'confirmed' },
    });
    expect(res.status).toBe(201);
    return res.body as ApiSchemas['CalendarEvent'];
  }

  beforeAll(async () => {
    rig = await startWritePathRig();
  });
  afterAll(async () => {
    await rig.close();
  });

  it('finds an event made on the service before sync, keeps it, counts it as new; a deleted one is reported and kept', async () => {
    const { core } = rig;
    const gone = await eventOnService('Board meeting', '2031-03-03T09:00:00Z', '2031-03-03T10:00:00Z');
    await rig.comeBack();
    expect((await core.handlers['calendar.listEvents']({ from, to })).map((e) => e.id)).toEqual([gone.id]);

    const made = await eventOnService('Call with Acme', '2031-03-04T14:00:00Z', '2031-03-04T15:00:00Z');
    expect((await rig.client.call('deleteCalendar', { query: { id: gone.id } })).status).toBe(204);

    const answer = checked(await core.handlers['calendar.checkRange']({ from, to }));
    expect(answer).toMatchObject({ listed: 1, newHere: 1, newIds: [made.id], complete: true });
    expect(answer.notListed).toEqual([{ type: 'calendarEvent', id: gone.id, label: 'Board meeting' }]);
    const shown = await core.handlers['calendar.listEvents']({ from, to });
    expect(shown.map((e) => e.title).sort()).toEqual(['Board meeting', 'Call with Acme']);
    expect(await core.handlers['calendar.getEvent']({ id: made.id })).toMatchObject({ title: 'Call with Acme' });

    // A second check finds nothing new; sync then removes the deleted one.
    expect(checked(await core.handlers['calendar.checkRange']({ from, to }))).toMatchObject({ listed: 1, newHere: 0 });
    await rig.comeBack();
    expect((await core.handlers['calendar.listEvents']({ from, to })).map((e) => e.id)).toEqual([made.id]);
    expect(checked(await core.handlers['calendar.checkRange']({ from, to })).notListed).toEqual([]);
  });

  it('finds a notification made on the service, and lists the dismissed ones the cache keeps', async () => {
    const { core, service } = rig;
    await rig.comeBack();
    const before = await core.handlers['notifications.list']({});
    const note = service.store.createNotification({
      userId: service.store.demoUserId,
      kind: 'comment',
      title: 'Comment on the March figures',
      body: 'Please check them.',
    });
    const answer = checked(await core.handlers['notifications.checkList']({}));
    expect(answer).toMatchObject({ listed: before.items.length + 1, newHere: 1, newIds: [note.id], notListed: [] });
    const after = await core.handlers['notifications.list']({});
    expect(after.items[0]).toMatchObject({ id: note.id, state: 'unread' });

    // Dismissed on the service (as on another device): the dismissed check keeps it as dismissed.
    expect((await rig.client.call('dismissNotification', { body: { id: note.id } })).status).toBe(200);
    const dismissed = checked(await core.handlers['notifications.checkList']({ state: 'dismissed' }));
    expect(dismissed.newHere).toBe(0);
    expect(dismissed.listed).toBeGreaterThanOrEqual(1);
    expect((await core.handlers['notifications.listDismissed']({})).map((n) => n.id)).toContain(note.id);
    expect((await core.handlers['notifications.list']({})).items.some((n) => n.id === note.id)).toBe(false);
  });

  it('finds a document and a subfolder made in a folder on the service; a deleted document is reported and kept', async () => {
    const { core } = rig;
    const top = (await rig.client.call('listFolderDocuments', { query: {} })).body as ApiSchemas['FolderDocumentPage'];
    const folder = (await rig.client.call('saveFolder', { body: { parentId: top.folder.id, name: 'Checked folder' } }))
      .body as ApiSchemas['Folder'];
    const upload = async (name: string) => {
      const form = new FormData();
      form.append('folderId', folder.id);
      form.append('file', new Blob([new TextEncoder().encode(name)]), name);
      const res = await rig.client.call('uploadDocument', { rawBody: form });
      expect(res.status).toBe(201);
      return res.body as ApiSchemas['Document'];
    };
    const old = await upload('Old offer.txt');
    await rig.comeBack();
    const made = await upload('New offer.txt');
    const sub = (await rig.client.call('saveFolder', { body: { parentId: folder.id, name: 'Signed' } }))
      .body as ApiSchemas['Folder'];
    expect((await rig.client.call('deleteDocument', { query: { id: old.id } })).status).toBe(204);

    const answer = checked(await core.handlers['documents.checkFolder']({ folderId: folder.id }));
    expect(answer).toMatchObject({ listed: 2, newHere: 2, complete: true });
    expect(answer.newIds.sort()).toEqual([made.id, sub.id].sort());
    expect(answer.notListed).toEqual([{ type: 'document', id: old.id, label: 'Old offer.txt' }]);
    const rows = await core.handlers['documents.list']({ folderId: folder.id, offset: 0, limit: 10 });
    expect(rows.rows.map((r) => r.name).sort()).toEqual(['New offer.txt', 'Old offer.txt']);
    expect((await core.handlers['documents.listFolders']({})).some((f) => f.id === sub.id)).toBe(true);

    // The top folder (null) is checked too; a folder the service does not have is said in words.
    expect(checked(await core.handlers['documents.checkFolder']({ folderId: null })).complete).toBe(true);
    const unknown = await core.handlers['documents.checkFolder']({ folderId: crypto.randomUUID() });
    expect(unknown).toMatchObject({ outcome: 'unavailable' });
    expect(unknown.outcome === 'unavailable' && unknown.message).toContain('no longer has this folder');
  });

  it('answers in words while offline, and for a folder made here that the service does not have yet', async () => {
    const { core } = rig;
    await rig.goOffline();
    const top = await core.handlers['documents.listFolders']({});
    const local = await core.handlers['documents.saveFolder']({
      folder: { parentId: top.find((f) => f.parentId === null)!.id, name: 'Made offline' },
    });
    const notYet = await core.handlers['documents.checkFolder']({ folderId: local.id });
    expect(notYet.outcome === 'unavailable' && notYet.message).toContain('has not reached the service yet');
    const answer = await core.handlers['calendar.checkRange']({ from, to });
    expect(answer).toMatchObject({ outcome: 'unavailable' });
    expect(answer.outcome === 'unavailable' && answer.message).toContain('The service cannot be reached now');
    expect(await core.handlers['notifications.checkList']({})).toMatchObject({ outcome: 'unavailable' });
    expect(await core.handlers['documents.checkFolder']({ folderId: null })).toMatchObject({ outcome: 'unavailable' });
    await rig.comeBack();
  });

  it('refuses a range that ends before it starts or is longer than a year, in words, before asking the service', async () => {
    const dispatcher = createDispatcher(rig.core);
    const asked = () => rig.proxy.requests.filter((r) => r.url.includes('listCalendarEvents')).length;
    const before = asked();
    const refusal = (input: unknown) =>
      dispatcher.dispatch('calendar.checkRange', input).then(
        () => null,
        (err: { code: string; message: string }) => err,
      );
    expect(await refusal({ from: to, to: from })).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('The range must end after it starts.'),
    });
    expect(await refusal({ from: '2030-01-01T00:00:00.000Z', to: '2031-06-01T00:00:00.000Z' })).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('Check at most 366 days at a time.'),
    });
    expect(asked()).toBe(before);
    const fine = (await dispatcher.dispatch('calendar.checkRange', { from, to })) as ListingCheck;
    expect(checked(fine).listed).toBe(1);
    expect(asked()).toBe(before + 1);
  });
});
