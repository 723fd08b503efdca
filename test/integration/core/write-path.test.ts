/**
 * The offline write path against the real service: edits apply at once and queue, replay in
 * order exactly once, records created offline get their service ids (and what names them follows),
 * conflicts merge by field, refusals stay with the service's words, and the queue survives a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSchemas } from '../../../preload/contract/common';
import { type WritePathRig, startWritePathRig } from '../../helpers/write-path-harness';

type Contact = ApiSchemas['Contact'];

describe('the write path', () => {
  let rig: WritePathRig;
  beforeAll(async () => {
    rig = await startWritePathRig();
  });
  afterAll(async () => {
    await rig.close();
  });

  async function serviceContacts(query: string): Promise<Contact[]> {
    const res = await rig.client.call('listContacts', { query: { q: query, limit: 50 } });
    return (res.body as { items: Contact[] }).items;
  }

  it('creates, edits and deletes a contact offline: before reconnect it never reaches the service', async () => {
    await rig.goOffline();
    const { core } = rig;
    const created = await core.handlers['contacts.save']({
      contact: { firstName: 'Otto', lastName: 'Phantom', type: 'prospect' },
    });
    expect(created.syncState).toBe('pending');
    expect((await core.handlers['contacts.list']({ query: 'phantom', offset: 0, limit: 5 })).total).toBe(1);
    await core.handlers['contacts.save']({
      contact: { id: created.id, firstName: 'Otto', lastName: 'Phantom', phone: '+1 555 0100' },
    });
    expect((await core.handlers['outbox.list']({})).length).toBe(1);
    await core.handlers['contacts.delete']({ id: created.id });
    expect(await core.handlers['contacts.get']({ id: created.id })).toBeNull();
    expect(await core.handlers['outbox.list']({})).toEqual([]);
    await rig.comeBack();
    expect(await serviceContacts('Phantom')).toEqual([]);
  });

  it('creates and edits a contact offline; after reconnect it exists once, edited, under its service id', async () => {
    await rig.goOffline();
    const { core } = rig;
    const created = await core.handlers['contacts.save']({
      contact: { firstName: 'Wilma', lastName: 'Offline', email: 'wilma@example.com' },
    });
    await core.handlers['contacts.save']({
      contact: {
        id: created.id,
        firstName: 'Wilma',
        lastName: 'Offline',
        email: 'wilma@example.com',
        jobTitle: 'Buyer',
      },
    });
    const status = await core.handlers['sync.getStatus']({});
    expect(status.pendingCount).toBe(1);
    await rig.comeBack();
    const onService = await serviceContacts('Offline');
    expect(onService.map((c) => [c.firstName, c.jobTitle, c.email])).toEqual([['Wilma', 'Buyer', 'wilma@example.com']]);
    // The local id still finds it, now as the service's record.
    const here = await core.handlers['contacts.get']({ id: created.id });
    expect(here).toMatchObject({ id: onService[0].id, syncState: 'synced', jobTitle: 'Buyer' });
    expect((await core.handlers['sync.getStatus']({})).pendingCount).toBe(0);
  });

  it('links a contact, a note on it and an event inviting it, all made offline', async () => {
    await rig.goOffline();
    const { core } = rig;
    const contact = await core.handlers['contacts.save']({
      contact: { firstName: 'Nora', lastName: 'Linked', email: 'nora.linked@example.com' },
    });
    await core.handlers['comments.add']({
      recordType: 'contact',
      recordId: contact.id,
      text: 'Met at the fair; wants a quote.',
      attachments: [],
    });
    const notes = await core.handlers['comments.list']({ recordType: 'contact', recordId: contact.id });
    expect(notes.value.map((n) => [n.text, n.pending])).toEqual([['Met at the fair; wants a quote.', true]]);
    const event = await core.handlers['calendar.saveEvent']({
      event: {
        title: 'Quote review with Nora',
        description: null,
        location: 'Room 4',
        startsAt: '2026-12-02T10:00:00Z',
        endsAt: '2026-12-02T11:00:00Z',
        allDay: false,
        status: 'confirmed',
      },
    });
    const invited = await core.handlers['calendar.addRecipients']({ id: event.id, contactIds: [contact.id] });
    expect(invited.recipients.map((r) => [r.name, r.pending])).toEqual([['Nora Linked', true]]);
    await rig.comeBack();

    const [onService] = await serviceContacts('Linked');
    expect(onService).toBeDefined();
    const comments = await rig.client.call('getRelatedComments', {
      query: { resourceType: 'contact', resourceId: onService.id },
    });
    expect((comments.body as { items: { text: string }[] }).items.map((c) => c.text)).toEqual([
      'Met at the fair; wants a quote.',
    ]);
    const here = (await core.handlers['calendar.getEvent']({ id: event.id }))!;
    expect(here.id).not.toBe(event.id);
    expect(await core.handlers['outbox.list']({})).toEqual([]);
    const recipients = await rig.client.call('getCalendarRecipients', { query: { eventId: here.id } });
    expect((recipients.body as { items: { contactId: string }[] }).items.map((r) => r.contactId)).toEqual([
      onService.id,
    ]);
    expect(await core.handlers['outbox.list']({})).toEqual([]);
  });

  it('merges edits of different fields by itself, and asks about the same field', async () => {
    const { core, client } = rig;
    const [target] = (await core.handlers['contacts.list']({ offset: 3, limit: 1 })).rows;
    const original = (await client.call('getUser', { query: { id: target.id } })).body as Contact;
    await rig.goOffline();
    await core.handlers['contacts.save']({
      contact: {
        id: target.id,
        firstName: original.firstName,
        lastName: original.lastName,
        jobTitle: 'Head of Purchasing',
      },
    });
    await core.handlers['contacts.save']({
      contact: {
        id: target.id,
        firstName: original.firstName,
        lastName: original.lastName,
        jobTitle: 'Head of Purchasing',
        phone: '+49 30 1111',
      },
    });
    await rig.comeBack();
    expect(await core.handlers['outbox.list']({})).toEqual([]);
    const both = (await client.call('getUser', { query: { id: target.id } })).body as Contact;
    expect([both.jobTitle, both.phone]).toEqual(['Head of Purchasing', '+49 30 1111']);

    // Different fields: the service has a new city; this machine changes the job title.
    await rig.goOffline();
    await core.handlers['contacts.save']({
      contact: { id: target.id, firstName: original.firstName, lastName: original.lastName, jobTitle: 'Chief Buyer' },
    });
    await startServiceEdit(rig, target.id, { city: 'Lisbon' });
    await rig.comeBack();
    const merged = (await client.call('getUser', { query: { id: target.id } })).body as Contact;
    expect([merged.jobTitle, merged.city]).toEqual(['Chief Buyer', 'Lisbon']);
    expect(await core.handlers['outbox.list']({})).toEqual([]);

    // Same field: both change the phone.
    await rig.goOffline();
    await core.handlers['contacts.save']({
      contact: { id: target.id, firstName: original.firstName, lastName: original.lastName, phone: '+49 30 2222' },
    });
    await startServiceEdit(rig, target.id, { phone: '+49 30 3333' });
    await rig.comeBack();
    const [conflict] = await core.handlers['outbox.list']({});
    expect(conflict).toMatchObject({ state: 'conflict', conflict: { kind: 'fields' } });
    expect(conflict.conflict?.kind === 'fields' && conflict.conflict.fields).toEqual([
      { field: 'phone', base: '+49 30 1111', mine: '+49 30 2222', theirs: '+49 30 3333' },
    ]);
    expect((await core.handlers['contacts.get']({ id: target.id }))?.syncState).toBe('conflict');
    await core.handlers['outbox.resolve']({ id: conflict.id, choices: { phone: 'mine' } });
    await core.handlers['sync.run']({});
    const resolved = (await client.call('getUser', { query: { id: target.id } })).body as Contact;
    expect(resolved.phone).toBe('+49 30 2222');
    expect(await core.handlers['outbox.list']({})).toEqual([]);
    expect((await core.handlers['contacts.get']({ id: target.id }))?.syncState).toBe('synced');
  });

  it('keeps a refused edit with the service’s words and restores the record', async () => {
    const { core } = rig;
    const deals = await rig.client.call('getRecentDeals', { query: { limit: 1 } });
    const companyId = (deals.body as { items: { companyId: string }[] }).items[0].companyId;
    await core.handlers['companies.delete']({ id: companyId });
    expect(await core.handlers['companies.get']({ id: companyId })).toBeNull();
    await core.handlers['sync.run']({});
    const refused = (await core.handlers['outbox.list']({})).find((e) => e.recordId === companyId)!;
    expect(refused).toMatchObject({ state: 'refused', recordId: companyId });
    expect(refused.message).toMatch(/409/);
    expect(await core.handlers['companies.get']({ id: companyId })).toMatchObject({ syncState: 'refused' });
    // Refused entries stay until the user discards them.
    await core.handlers['sync.run']({});
    expect((await core.handlers['outbox.list']({})).filter((e) => e.recordId === companyId)).toHaveLength(1);
    await core.handlers['outbox.discard']({ id: refused.id });
    expect(await core.handlers['companies.get']({ id: companyId })).toMatchObject({ syncState: 'synced' });
  });

  it('keeps pending edits across a restart and sends them afterwards', async () => {
    await rig.goOffline();
    const created = await rig.core.handlers['contacts.save']({ contact: { firstName: 'Rita', lastName: 'Restart' } });
    await rig.restartCore();
    expect((await rig.core.handlers['outbox.list']({})).map((e) => e.summary)).toEqual(['New contact Rita Restart']);
    expect((await rig.core.handlers['contacts.get']({ id: created.id }))?.syncState).toBe('pending');
    await rig.comeBack();
    expect((await serviceContacts('Restart')).map((c) => c.lastName)).toEqual(['Restart']);
  });
});

/** Changes a contact on the service (another user's edit), straight to the service while the core is cut off. */
async function startServiceEdit(rig: WritePathRig, id: string, changes: Partial<Contact>): Promise<void> {
  const current = (await rig.client.call('getUser', { query: { id } })).body as Contact;
  const res = await rig.client.call('saveUser', {
    body: { id, firstName: current.firstName, lastName: current.lastName, ...changes },
  });
  if (res.status !== 200) throw new Error(`saveUser answered ${res.status}`);
}
