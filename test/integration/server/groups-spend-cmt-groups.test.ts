/** Groups: create, read, list, dynamic member counts, static memberships, rename and meta. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Contact, type Group, GroupCalls, missingId, type Page } from '../../helpers/group-calls';
import { smallDemo, startTestService, type TestService } from '../../helpers/server-client';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
});
afterAll(() => t.stop());
const { create, get, children, all, contacts } = new GroupCalls(() => t.client);

describe('demo tree and reads', () => {
  it('lists every group once across pages, by name, with the demo regions and smart groups', async () => {
    const groups = await all({ limit: 7 });
    expect(groups.length).toBeGreaterThanOrEqual(25);
    expect(new Set(groups.map((g) => g.id)).size).toBe(groups.length);
    const names = groups.map((g) => g.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(groups.some((g) => g.kind === 'dynamic')).toBe(true);
    const top = await children(null);
    expect(top.map((g) => g.name)).toEqual(expect.arrayContaining(['North America', 'Europe', 'Smart groups']));
    expect(top.map((g) => g.position)).toEqual(top.map((_, i) => i));
  });

  it('filters by kind and name, refuses parentId with topLevel', async () => {
    const dynamic = await all({ kind: 'dynamic', limit: 500 });
    expect(dynamic.length).toBeGreaterThan(0);
    expect(dynamic.every((g) => g.kind === 'dynamic' && g.filter !== null)).toBe(true);
    const found = await all({ q: 'ENTERPR' });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((g) => g.name === 'Enterprise')).toBe(true);
    const nested = await all({ topLevel: false, limit: 500 });
    expect(nested.every((g) => g.parentId !== null)).toBe(true);
    const bad = await t.client.call('getGroups', { query: { topLevel: true, parentId: missingId } });
    expect(bad.status).toBe(400);
  });

  it('answers one group with ETag and a live member count; 404 when unknown', async () => {
    const [first] = await all({ kind: 'static', q: 'Newsletter' });
    const res = await t.client.call('getGroup', { query: { id: first.id } });
    expect(res.headers.get('etag')).toBe(`"${(res.body as Group).version}"`);
    expect((res.body as Group).memberCount).toBeGreaterThan(0);
    expect((await t.client.call('getGroup', { query: { id: missingId } })).status).toBe(404);
  });

  it('counts the members of a dynamic group from its filter', async () => {
    const someone = (await contacts(5)).find((c) => c.companyId) as Contact;
    const res = await t.client.call('createGroup', {
      body: {
        name: 'People at one company',
        parentId: null,
        kind: 'dynamic',
        filter: { companyId: someone.companyId, type: null, state: null, country: null, city: null },
      },
    });
    expect(res.status).toBe(201);
    const ofCompany = (
      await t.client.call('listContacts', { query: { companyId: someone.companyId as string, limit: 500 } })
    ).body as Page<Contact>;
    expect((res.body as Group).memberCount).toBe(ofCompany.items.length);
    const noFilter = await t.client.call('createGroup', { body: { name: 'x', parentId: null, kind: 'dynamic' } });
    expect(noFilter.status).toBe(400);
    const staticWithFilter = await t.client.call('createGroup', {
      body: {
        name: 'y',
        parentId: null,
        kind: 'static',
        filter: { companyId: null, type: 'customer', state: null, country: null, city: null },
      },
    });
    expect(staticWithFilter.status).toBe(400);
    const unknownCompany = await t.client.call('createGroup', {
      body: {
        name: 'z',
        parentId: null,
        kind: 'dynamic',
        filter: { companyId: missingId, type: null, state: null, country: null, city: null },
      },
    });
    expect(unknownCompany.status).toBe(404);
  });
});

describe('createGroup', () => {
  it('appends at the end of the parent, persists, and refuses duplicate sibling names and unknown parents', async () => {
    const parent = await create(null);
    const a = await create(parent.id, 'Alpha');
    const b = await create(parent.id, 'Beta');
    expect([a.position, b.position]).toEqual([0, 1]);
    expect(await get(b.id)).toMatchObject({ name: 'Beta', parentId: parent.id, kind: 'static', memberCount: 0 });
    const dup = await t.client.call('createGroup', { body: { name: 'ALPHA', parentId: parent.id, kind: 'static' } });
    expect(dup.status).toBe(409);
    expect(await create(null, 'Alpha')).toMatchObject({ parentId: null });
    const orphan = await t.client.call('createGroup', { body: { name: 'z', parentId: missingId, kind: 'static' } });
    expect(orphan.status).toBe(404);
  });
});

describe('addToGroup and getStaticGroups', () => {
  it('adds contacts, ignores existing members, and finds the groups of a contact', async () => {
    const group = await create(null);
    const [c1, c2, c3] = await contacts(3);
    const first = await t.client.call('addToGroup', { body: { groupId: group.id, contactIds: [c1.id, c2.id] } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ added: 2, alreadyMembers: 0, group: { memberCount: 2, version: 2 } });
    const again = await t.client.call('addToGroup', { body: { groupId: group.id, contactIds: [c2.id, c3.id] } });
    expect(again.body).toMatchObject({ added: 1, alreadyMembers: 1, group: { memberCount: 3 } });
    expect((await get(group.id)).memberCount).toBe(3);
    const ofContact = await all({ contactId: c3.id, limit: 2 }, 'getStaticGroups');
    expect(ofContact.map((g) => g.id)).toContain(group.id);
    expect(ofContact.every((g) => g.kind === 'static')).toBe(true);
    const statics = await all({ limit: 500 }, 'getStaticGroups');
    expect(statics.every((g) => g.kind === 'static')).toBe(true);
    expect((await t.client.call('getStaticGroups', { query: { contactId: missingId } })).status).toBe(404);
  });

  it('answers 404 with a pointer per unknown contact and adds nothing; 409 for a dynamic group', async () => {
    const group = await create(null);
    const [c1] = await contacts(1);
    const res = await t.client.call('addToGroup', {
      body: { groupId: group.id, contactIds: [c1.id, missingId] },
    });
    expect(res.status).toBe(404);
    expect((res.body as { errors: Array<{ pointer: string }> }).errors.map((e) => e.pointer)).toEqual([
      '/body/contactIds/1',
    ]);
    expect((await get(group.id)).memberCount).toBe(0);
    const [dynamic] = await all({ kind: 'dynamic', limit: 1 });
    const refused = await t.client.call('addToGroup', { body: { groupId: dynamic.id, contactIds: [c1.id] } });
    expect(refused.status).toBe(409);
    const noGroup = await t.client.call('addToGroup', { body: { groupId: missingId, contactIds: [c1.id] } });
    expect(noGroup.status).toBe(404);
  });
});

describe('renameGroup and saveGroupMeta', () => {
  it('renames with If-Match, refuses stale versions and sibling clashes', async () => {
    const parent = await create(null);
    const g = await create(parent.id, 'Old name');
    await create(parent.id, 'Taken');
    const res = await t.client.call('renameGroup', {
      body: { id: g.id, name: 'New name' },
      headers: { 'If-Match': `"${g.version}"` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${g.version + 1}"`);
    expect((await get(g.id)).name).toBe('New name');
    const stale = await t.client.call('renameGroup', {
      body: { id: g.id, name: 'Other' },
      headers: { 'If-Match': `"${g.version}"` },
    });
    expect(stale.status).toBe(412);
    const clash = await t.client.call('renameGroup', { body: { id: g.id, name: 'taken' } });
    expect(clash.status).toBe(409);
    expect((await t.client.call('renameGroup', { body: { id: missingId, name: 'x' } })).status).toBe(404);
  });

  it('saves description, colour and tags; 412 when stale; 404 when unknown', async () => {
    const g = await create(null);
    const meta = { description: 'Accounts we visit in spring.', colour: '#12ab34', tags: ['visits', 'spring'] };
    const res = await t.client.call('saveGroupMeta', {
      body: { id: g.id, ...meta },
      headers: { 'If-Match': `"${g.version}"` },
    });
    expect(res.status).toBe(200);
    expect(await get(g.id)).toMatchObject({ ...meta, name: g.name, version: g.version + 1 });
    const stale = await t.client.call('saveGroupMeta', {
      body: { id: g.id, ...meta },
      headers: { 'If-Match': `"${g.version}"` },
    });
    expect(stale.status).toBe(412);
    const bad = await t.client.call('saveGroupMeta', { body: { id: missingId, ...meta } });
    expect(bad.status).toBe(404);
  });
});
