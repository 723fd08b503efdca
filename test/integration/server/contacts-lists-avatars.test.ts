/** Contact lists by company, by type and by saved query; avatars and company logos with caching. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { components } from '../../../api/generated/schema';
import type { OperationId } from '../../../api/generated/operations';
import { demoAdminCredentials } from '../../../server/demo/contacts-area';
import {
  type CallOptions,
  type Page,
  ServerClient,
  smallDemo,
  startTestService,
  type TestService,
  unknownId,
} from '../../helpers/server-client';

type Contact = components['schemas']['Contact'];
type Company = components['schemas']['Company'];
type ContactQuery = components['schemas']['ContactQuery'];

let t: TestService;
let everyone: Contact[];
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  everyone = await all<Contact>('listContacts', { limit: 500 });
});
afterAll(() => t.stop());

async function all<T>(operationId: OperationId, query: CallOptions['query'], client = t.client): Promise<T[]> {
  return client.allPages<T>(operationId, { query });
}

const ids = (items: Array<{ id: string }>) => items.map((i) => i.id).sort();

describe('getCompanyUsers', () => {
  it("pages through exactly the company's contacts, with the state filter", async () => {
    const companyId = everyone.find((c) => c.type === 'customer')?.companyId as string;
    const expected = everyone.filter((c) => c.companyId === companyId);
    const got = await all<Contact>('getCompanyUsers', { companyId, limit: 2 });
    expect(ids(got)).toEqual(ids(expected));
    const active = await all<Contact>('getCompanyUsers', { companyId, state: 'active', sort: '-lastName' });
    expect(ids(active)).toEqual(ids(expected.filter((c) => c.state === 'active')));
    const names = active.map((c) => c.lastName.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('answers 404 for an unknown company and 400 without companyId', async () => {
    expect((await t.client.call('getCompanyUsers', { query: { companyId: unknownId } })).status).toBe(404);
    expect((await t.client.call('getCompanyUsers', { query: {} })).status).toBe(400);
  });
});

describe('getUsersOfType', () => {
  it('pages through exactly the contacts of one type', async () => {
    for (const type of ['employee', 'partner'] as const) {
      const got = await all<Contact>('getUsersOfType', { type, limit: 25 });
      expect(got.length).toBeGreaterThan(0);
      expect(ids(got)).toEqual(ids(everyone.filter((c) => c.type === type)));
    }
    const archived = await all<Contact>('getUsersOfType', { type: 'customer', state: 'archived' });
    expect(ids(archived)).toEqual(ids(everyone.filter((c) => c.type === 'customer' && c.state === 'archived')));
  });

  it('answers 400 for an unknown type', async () => {
    const res = await t.client.call('getUsersOfType', { query: { type: 'alien' } });
    expect(res.status).toBe(400);
    expect((res.body as { errors: Array<{ pointer: string }> }).errors[0].pointer).toBe('/query/type');
  });
});

describe('saved queries', () => {
  it("lists the caller's and shared queries by name, and scopes them", async () => {
    const list = await all<ContactQuery>('getQueryList', { limit: 3 });
    expect(list.length).toBeGreaterThanOrEqual(6);
    const names = list.map((q) => q.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(list.map((q) => q.name)).toContain('Our employees');
    expect(list.map((q) => q.name)).not.toContain('Contacts to clean up');
    const shared = await all<ContactQuery>('getQueryList', { scope: 'shared' });
    expect(shared.every((q) => q.shared)).toBe(true);
    const me = (await t.client.call('getCurrentUser')).body as { id: string };
    const own = await all<ContactQuery>('getQueryList', { scope: 'own' });
    expect(own.every((q) => q.ownerId === me.id)).toBe(true);
    expect(own.length + shared.filter((q) => q.ownerId !== me.id).length).toBe(list.length);
  });

  it("runs a query with its filter and sort; another user's private query is 404", async () => {
    const list = await all<ContactQuery>('getQueryList', {});
    const archivedQuery = list.find((q) => q.name === 'Archived contacts') as ContactQuery;
    const archived = await all<Contact>('getQueryResults', { queryId: archivedQuery.id, limit: 7 });
    expect(ids(archived)).toEqual(ids(everyone.filter((c) => c.state === 'archived')));
    const times = archived.map((c) => c.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    const germany = list.find((q) => q.name === 'Active customers in Germany') as ContactQuery;
    const de = await all<Contact>('getQueryResults', { queryId: germany.id });
    expect(ids(de)).toEqual(
      ids(everyone.filter((c) => c.type === 'customer' && c.state === 'active' && c.country === 'DE')),
    );

    const admin = new ServerClient(t.service.url);
    await admin.signIn(demoAdminCredentials);
    const adminOwn = await all<ContactQuery>('getQueryList', { scope: 'own' }, admin);
    const hidden = adminOwn.find((q) => !q.shared) as ContactQuery;
    expect((await admin.call('getQueryResults', { query: { queryId: hidden.id } })).status).toBe(200);
    expect((await t.client.call('getQueryResults', { query: { queryId: hidden.id } })).status).toBe(404);
    expect((await t.client.call('getQueryResults', { query: { queryId: unknownId } })).status).toBe(404);
    expect((await t.client.call('getQueryList', { query: { scope: 'nobody' } })).status).toBe(400);
  });
});

describe('avatars and company logos', () => {
  it('generates a deterministic initials PNG with caching headers, and answers 304 for a matching If-None-Match', async () => {
    const contact = everyone.find((c) => c.type === 'prospect') as Contact;
    const res = await t.client.call('getAvatar', { query: { id: contact.id } });
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('image/png');
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 128, 128]);
    const etag = res.headers.get('etag') as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(Date.parse(res.headers.get('last-modified') as string)).toBe(
      Math.floor(Date.parse(contact.updatedAt) / 1000) * 1000,
    );
    const again = await t.client.call('getAvatar', { query: { id: contact.id } });
    expect(Buffer.compare(again.body as Buffer, res.body as Buffer)).toBe(0);
    const cached = await t.client.call('getAvatar', {
      query: { id: contact.id },
      headers: { 'If-None-Match': `W/${etag}` },
    });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(etag);
    const other = await t.client.call('getAvatar', {
      query: { id: contact.id },
      headers: { 'If-None-Match': '"stale"' },
    });
    expect(other.status).toBe(200);
    const big = await t.client.call('getAvatar', { query: { id: contact.id, size: 256 } });
    expect((await sharp(big.body as Buffer).metadata()).width).toBe(256);
  });

  it('serves stored pictures in their own format, scaled', async () => {
    const me = (await t.client.call('getCurrentUser')).body as { id: string };
    const avatar = await t.client.call('getAvatar', { query: { id: me.id, size: 64 } });
    expect(avatar.contentType).toBe('image/jpeg');
    expect(await sharp(avatar.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 64 });
    const companies = (await t.client.call('getCompanies', { query: { limit: 500 } })).body as Page<Company>;
    const formats = new Set<string | null>();
    for (const c of companies.items)
      formats.add((await t.client.call('getCompanyLogo', { query: { id: c.id } })).contentType);
    expect([...formats].sort()).toEqual(['image/png', 'image/webp']);
  });

  it('changes the generated image when the name changes; 404 for unknown ids, 400 for a bad size', async () => {
    const company = (await t.client.call('saveCompany', { body: { name: 'Alpha Beta' } })).body as Company;
    const before = await t.client.call('getCompanyLogo', { query: { id: company.id } });
    await t.client.call('saveCompany', { body: { id: company.id, name: 'Gamma Delta' } });
    const after = await t.client.call('getCompanyLogo', {
      query: { id: company.id },
      headers: { 'If-None-Match': before.headers.get('etag') as string },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await t.client.call('getCompanyLogo', { query: { id: unknownId } })).status).toBe(404);
    expect((await t.client.call('getAvatar', { query: { id: unknownId } })).status).toBe(404);
    expect((await t.client.call('getAvatar', { query: { id: company.id, size: 4096 } })).status).toBe(400);
  });
});
