/** Contacts and companies: lists with search, filters, sorts and paging; details with ETag. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import type { OperationId } from '../../../api/generated/operations';
import {
  type CallOptions,
  type Page,
  smallDemo,
  startTestService,
  type TestService,
} from '../../helpers/server-client';

type Contact = components['schemas']['Contact'];
type Company = components['schemas']['Company'];

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
});
afterAll(() => t.stop());

async function all<T>(operationId: OperationId, query: CallOptions['query']): Promise<T[]> {
  return t.client.allPages<T>(operationId, { query });
}

describe('listContacts', () => {
  it('pages through every contact exactly once, by last name', async () => {
    const items = await all<Contact>('listContacts', { limit: 37 });
    expect(items).toHaveLength(smallDemo.contacts);
    expect(new Set(items.map((c) => c.id)).size).toBe(items.length);
    const names = items.map((c) => c.lastName.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('sorts by -updatedAt across pages', async () => {
    const items = await all<Contact>('listContacts', { limit: 100, sort: '-updatedAt' });
    expect(items).toHaveLength(smallDemo.contacts);
    const times = items.map((c) => c.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('finds contacts by the start of a word of name, e-mail, phone or company name', async () => {
    const dana = (await t.client.call('getCurrentUser')).body as { id: string };
    const byName = (await t.client.call('listContacts', { query: { q: 'rey dan' } })).body as Page<Contact>;
    expect(byName.items.map((c) => c.id)).toContain(dana.id);
    const byEmail = (await t.client.call('listContacts', { query: { q: 'dana.reyes@example' } })).body as Page<Contact>;
    expect(byEmail.items.map((c) => c.id)).toContain(dana.id);
    const byCompany = (await t.client.call('listContacts', { query: { q: 'blue ridge', limit: 500 } }))
      .body as Page<Contact>;
    expect(byCompany.items.length).toBeGreaterThan(0);
    expect(byCompany.items.every((c) => c.type === 'employee')).toBe(true);
    const sample = byName.items[0];
    const phoneWord = sample.phone?.split(' ').pop() as string;
    const byPhone = (await t.client.call('listContacts', { query: { q: phoneWord } })).body as Page<Contact>;
    expect(byPhone.items.map((c) => c.id)).toContain(sample.id);
    const none = (await t.client.call('listContacts', { query: { q: 'zzqxj' } })).body as Page<Contact>;
    expect(none).toEqual({ items: [], nextCursor: null });
  });

  it('filters by company and state', async () => {
    const companies = (await t.client.call('getCompanies', { query: { limit: 5 } })).body as Page<Company>;
    const company = companies.items[1];
    const ofCompany = await all<Contact>('listContacts', { companyId: company.id, limit: 10 });
    expect(ofCompany.length).toBeGreaterThan(0);
    expect(ofCompany.every((c) => c.companyId === company.id)).toBe(true);
    const archived = await all<Contact>('listContacts', { state: 'archived', limit: 500 });
    expect(archived.length).toBeGreaterThan(0);
    expect(archived.every((c) => c.state === 'archived')).toBe(true);
  });
});

describe('getUser and getCurrentUser', () => {
  it('answers a contact with its version as ETag, and 404 for an unknown id', async () => {
    const page = (await t.client.call('listContacts', { query: { limit: 1 } })).body as Page<Contact>;
    const res = await t.client.call('getUser', { query: { id: page.items[0].id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(page.items[0]);
    expect(res.headers.get('etag')).toBe(`"${page.items[0].version}"`);
    const missing = await t.client.call('getUser', { query: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.status).toBe(404);
  });

  it('answers the signed-in user with roles', async () => {
    const res = await t.client.call('getCurrentUser');
    expect(res.body).toMatchObject({
      email: t.service.credentials.username,
      firstName: 'Dana',
      lastName: 'Reyes',
      roles: ['sales', 'manager'],
    });
  });
});

describe('companies', () => {
  it('pages through every company by name and finds them by name', async () => {
    const items = await all<Company>('getCompanies', { limit: 7 });
    expect(items).toHaveLength(smallDemo.companies);
    expect(new Set(items.map((c) => c.id)).size).toBe(items.length);
    const target = items[3];
    const found = (await t.client.call('getCompanies', { query: { q: target.name.split(/\W+/)[0] } }))
      .body as Page<Company>;
    expect(found.items.map((c) => c.id)).toContain(target.id);
    const desc = await all<Company>('getCompanies', { limit: 50, sort: '-name' });
    expect(desc.map((c) => c.id)).toEqual(items.map((c) => c.id).reverse());
  });

  it('answers one company with ETag, 404 when unknown', async () => {
    const page = (await t.client.call('getCompanies', { query: { limit: 1 } })).body as Page<Company>;
    const res = await t.client.call('getCompany', { query: { id: page.items[0].id } });
    expect(res.body).toEqual(page.items[0]);
    expect(res.headers.get('etag')).toBe('"1"');
    expect((await t.client.call('getCompany', { query: { id: '00000000-0000-4000-8000-000000000000' } })).status).toBe(
      404,
    );
  });
});
