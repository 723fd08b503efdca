/** Contact and company writes: save (create/update, If-Match), archive/restore moves, deletes with their conflicts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { demoAdminCredentials, demoSalesLogins, demoSalesPassword } from '../../../server/demo/contacts-area';
import {
  ServerClient,
  smallDemo,
  startTestService,
  type TestService,
  type Problem,
  unknownId,
  type Page,
} from '../../helpers/server-client';

type Contact = components['schemas']['Contact'];
type Company = components['schemas']['Company'];

let t: TestService;
let sales: ServerClient;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  sales = new ServerClient(t.service.url);
  await sales.signIn({ username: demoSalesLogins(t.service.repos)[1], password: demoSalesPassword });
});
afterAll(() => t.stop());

async function newCompany(name: string): Promise<Company> {
  const res = await t.client.call('saveCompany', { body: { name } });
  expect(res.status).toBe(201);
  return res.body as Company;
}

async function newContact(body: Record<string, unknown>): Promise<Contact> {
  const res = await t.client.call('saveUser', { body: { firstName: 'Ada', lastName: 'Quill', ...body } });
  expect(res.status).toBe(201);
  return res.body as Contact;
}

describe('saveUser', () => {
  it('creates an active contact, then updates it keeping the fields not sent', async () => {
    const company = await newCompany('Quill Instruments');
    const created = await newContact({ email: 'ada.quill@quill.example', companyId: company.id, type: 'prospect' });
    expect(created).toMatchObject({
      version: 1,
      state: 'active',
      type: 'prospect',
      companyId: company.id,
      phone: null,
    });
    const updated = await t.client.call('saveUser', {
      body: { id: created.id, firstName: 'Ada', lastName: 'Quill-Byron', phone: '+44 20 7946 0000' },
      headers: { 'If-Match': '"1"' },
    });
    expect(updated.status).toBe(200);
    expect(updated.headers.get('etag')).toBe('"2"');
    expect(updated.body).toMatchObject({
      version: 2,
      lastName: 'Quill-Byron',
      email: 'ada.quill@quill.example',
      type: 'prospect',
    });
    const read = await t.client.call('getUser', { query: { id: created.id } });
    expect(read.body).toEqual(updated.body);
    const found = (await t.client.call('listContacts', { query: { q: 'quill instruments' } })).body as Page<Contact>;
    expect(found.items.map((c) => c.id)).toContain(created.id);
  });

  it('answers 412 with the current record for a stale If-Match, 404 for an unknown id or company', async () => {
    const created = await newContact({});
    await t.client.call('saveUser', { body: { id: created.id, firstName: 'Ada', lastName: 'Two' } });
    const stale = await t.client.call('saveUser', {
      body: { id: created.id, firstName: 'Ada', lastName: 'Three' },
      headers: { 'If-Match': '"1"' },
    });
    expect(stale.status).toBe(412);
    expect((stale.body as Problem).current).toMatchObject({ id: created.id, version: 2, lastName: 'Two' });
    const missing = await t.client.call('saveUser', { body: { id: unknownId, firstName: 'A', lastName: 'B' } });
    expect(missing.status).toBe(404);
    const noCompany = await t.client.call('saveUser', {
      body: { firstName: 'A', lastName: 'B', companyId: unknownId },
    });
    expect(noCompany.status).toBe(404);
    expect((noCompany.body as Problem).detail).toContain('company');
    const bad = await t.client.call('saveUser', { body: { firstName: '', lastName: 'B', state: 'archived' } });
    expect(bad.status).toBe(400);
  });
});

describe('archiveContact', () => {
  it('archives an active contact and restores it; the illegal moves answer 409 with currentState', async () => {
    const contact = await newContact({});
    const archived = await t.client.call('archiveContact', { body: { id: contact.id, archived: true } });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ state: 'archived', version: 2 });
    const listed = (await t.client.call('listContacts', { query: { state: 'archived', q: 'quill', limit: 500 } }))
      .body as Page<Contact>;
    expect(listed.items.map((c) => c.id)).toContain(contact.id);
    const again = await t.client.call('archiveContact', { body: { id: contact.id, archived: true } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ type: '/problems/conflict', currentState: 'archived' });
    const restored = await t.client.call('archiveContact', { body: { id: contact.id, archived: false } });
    expect(restored.body).toMatchObject({ state: 'active', version: 3 });
    const restoreActive = await t.client.call('archiveContact', { body: { id: contact.id, archived: false } });
    expect(restoreActive.status).toBe(409);
    expect(restoreActive.body).toMatchObject({ currentState: 'active' });
    expect(((await t.client.call('getUser', { query: { id: contact.id } })).body as Contact).state).toBe('active');
  });

  it('refuses users, unknown contacts and stale versions', async () => {
    const me = (await t.client.call('getCurrentUser')).body as { id: string };
    expect((await t.client.call('archiveContact', { body: { id: me.id, archived: true } })).status).toBe(409);
    expect((await t.client.call('archiveContact', { body: { id: unknownId, archived: true } })).status).toBe(404);
    const contact = await newContact({});
    const stale = await t.client.call('archiveContact', {
      body: { id: contact.id, archived: true },
      headers: { 'If-Match': '"7"' },
    });
    expect(stale.status).toBe(412);
  });
});

describe('deleteContact', () => {
  it('deletes a contact (204, then 404) and leaves a tombstone in the change feed', async () => {
    const contact = await newContact({});
    const boot = (await t.client.call('getChanges', { query: { limit: 2000 } })).body as {
      nextCursor: string;
      hasMore: boolean;
    };
    let cursor = boot.nextCursor;
    let more = boot.hasMore;
    while (more) {
      const page = (await t.client.call('getChanges', { query: { cursor, limit: 2000 } })).body as typeof boot;
      cursor = page.nextCursor;
      more = page.hasMore;
    }
    const res = await t.client.call('deleteContact', { query: { id: contact.id } });
    expect(res.status).toBe(204);
    expect((await t.client.call('getUser', { query: { id: contact.id } })).status).toBe(404);
    const changes = (await t.client.call('getChanges', { query: { cursor } })).body as {
      changes: Array<{ type: string; id: string; op: string; data: unknown }>;
    };
    expect(changes.changes).toContainEqual(
      expect.objectContaining({ type: 'contact', id: contact.id, op: 'delete', data: null }),
    );
    expect((await t.client.call('deleteContact', { query: { id: contact.id } })).status).toBe(404);
  });

  it('refuses users (409), organizers of events (409) and callers without contacts.delete (403)', async () => {
    const me = (await t.client.call('getCurrentUser')).body as { id: string };
    // A colleague's own contact (type employee) is deleted by administrators only (x-access).
    const self = await t.client.call('deleteContact', { query: { id: me.id } });
    expect(self.status).toBe(403);
    const admin = new ServerClient(t.service.url);
    await admin.signIn(demoAdminCredentials);
    const user = await admin.call('deleteContact', { query: { id: me.id } });
    expect(user.status).toBe(409);
    expect((user.body as Problem).detail).toContain('user');
    const { store } = t.service;
    const organizerId = store.saveContact({ firstName: 'Olga', lastName: 'Organizer' }).id;
    const eventId = store.db.prepare('SELECT id FROM calendar_events LIMIT 1').pluck().get() as string;
    const {
      id: _i,
      version: _v,
      createdAt: _c,
      updatedAt: _u,
      ...event
    } = store.calendar.get(eventId) as NonNullable<ReturnType<typeof store.calendar.get>>;
    store.calendar.save(eventId, { ...event, organizerId });
    expect(organizerId).toBeDefined();
    const organizer = await t.client.call('deleteContact', { query: { id: organizerId as string } });
    expect(organizer.status).toBe(409);
    expect((organizer.body as Problem).detail).toMatch(/organizes \d+ calendar event/);
    const contact = await newContact({});
    const denied = await sales.call('deleteContact', { query: { id: contact.id } });
    expect(denied.status).toBe(403);
    expect((await t.client.call('getUser', { query: { id: contact.id } })).status).toBe(200);
  });
});

describe('saveCompany', () => {
  it('creates and updates a company; renaming re-indexes its contacts for search', async () => {
    const company = await newCompany('Lumen Optics');
    expect(company).toMatchObject({
      version: 1,
      industry: null,
      address: { street: null, city: null, postalCode: null, country: null },
    });
    const contact = await newContact({ companyId: company.id, lastName: 'Prism' });
    const renamed = await t.client.call('saveCompany', {
      body: { id: company.id, name: 'Zephyr Photonics', website: 'https://zephyr.example' },
      headers: { 'If-Match': '"1"' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ version: 2, name: 'Zephyr Photonics', website: 'https://zephyr.example' });
    const found = (await t.client.call('listContacts', { query: { q: 'zephyr' } })).body as Page<Contact>;
    expect(found.items.map((c) => c.id)).toEqual([contact.id]);
  });

  it('answers 412 for a stale version, 404 for an unknown id, 403 without companies.write', async () => {
    const company = await newCompany('Stale Works');
    const stale = await t.client.call('saveCompany', {
      body: { id: company.id, name: 'X' },
      headers: { 'If-Match': '"9"' },
    });
    expect(stale.status).toBe(412);
    expect((stale.body as Problem).current).toMatchObject({ name: 'Stale Works' });
    expect((await t.client.call('saveCompany', { body: { id: unknownId, name: 'X' } })).status).toBe(404);
    const admin = new ServerClient(t.service.url);
    await admin.signIn(demoAdminCredentials);
    const tom = (await sales.call('getCurrentUser')).body as { id: string };
    expect(
      (await admin.call('removePermissions', { query: { userId: tom.id, permission: 'companies.write' } })).status,
    ).toBe(204);
    const denied = await sales.call('saveCompany', { body: { name: 'Not Allowed Ltd' } });
    expect(denied.status).toBe(403);
    expect((denied.body as Problem).detail).toContain('companies.write');
  });
});

describe('deleteCompany', () => {
  it('answers 409 naming the number of contacts, and deletes them with cascade=true', async () => {
    const company = await newCompany('Cascade Labs');
    const a = await newContact({ companyId: company.id });
    const b = await newContact({ companyId: company.id });
    const refused = await t.client.call('deleteCompany', { query: { id: company.id } });
    expect(refused.status).toBe(409);
    expect((refused.body as Problem).detail).toContain('2 contacts still belong to Cascade Labs');
    const res = await t.client.call('deleteCompany', { query: { id: company.id, cascade: true } });
    expect(res.status).toBe(204);
    expect((await t.client.call('getCompany', { query: { id: company.id } })).status).toBe(404);
    for (const c of [a, b]) expect((await t.client.call('getUser', { query: { id: c.id } })).status).toBe(404);
  });

  it('deletes an empty company; refuses the owner company, unknown ids and callers without companies.delete', async () => {
    const empty = await newCompany('Empty Shell Inc');
    expect((await sales.call('deleteCompany', { query: { id: empty.id } })).status).toBe(403);
    expect((await t.client.call('deleteCompany', { query: { id: empty.id } })).status).toBe(204);
    expect((await t.client.call('deleteCompany', { query: { id: empty.id } })).status).toBe(404);
    const me = (await t.client.call('getCurrentUser')).body as { companyId: string };
    const owner = await t.client.call('deleteCompany', { query: { id: me.companyId, cascade: true } });
    expect(owner.status).toBe(409);
    expect((owner.body as Problem).detail).toContain("owner's company");
    expect((await t.client.call('getCompany', { query: { id: me.companyId } })).status).toBe(200);
  });
});
