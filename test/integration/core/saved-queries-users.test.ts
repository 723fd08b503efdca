/**
 * The Contact group's saved queries and user lookups through the core against the reference
 * service: each call answers from the service online, and with the service stopped gives the last
 * answer kept with its age (`fetchedAt`); rows are the cached contacts, so their pages open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/platform';
import { maxServiceContacts, recentCompanyContacts } from '../../../preload/contract';
import { type RunningService, startService } from '../../../server/start';
import { createTempDir, waitForEvent } from '../../helpers/core-harness';
import { startSignedInCore, stopSignedInCore } from '../../helpers/signed-in-core';

describe('saved queries and user lookups', () => {
  const dir = createTempDir();
  let service: RunningService;
  let core: Core;

  beforeAll(async () => {
    ({ service, core } = await startSignedInCore(dir.path, { core: { syncBackoff: { baseMs: 200, maxMs: 1000 } } }));
  });
  afterAll(() => stopSignedInCore(core, service, dir));

  it('lists saved queries and runs one online, then gives both with their age offline', async () => {
    const started = Date.now();
    const list = await core.handlers['savedQueries.list']({});
    expect(Date.parse(list.fetchedAt!)).toBeGreaterThanOrEqual(started - 1000);
    const names = list.value.map((query) => query.name);
    expect(names).toContain('Active customers in Germany');
    expect(names).toContain('Partners, recently changed');

    const germany = list.value.find((query) => query.name === 'Active customers in Germany')!;
    const results = await core.handlers['savedQueries.results']({ queryId: germany.id, offset: 0, limit: 500 });
    expect(results.total).toBeGreaterThan(0);
    expect(results.complete).toBe(true);
    for (const row of results.rows) {
      expect(row).toMatchObject({ type: 'customer', state: 'active', country: 'DE', cached: true });
    }
    // The query's order (last name), and every row is a cached contact whose page opens.
    const lastNames = results.rows.map((row) => row.lastName);
    expect(lastNames).toEqual([...lastNames].sort((a, b) => a.localeCompare(b, 'en')));
    expect(await core.handlers['contacts.get']({ id: results.rows[0].id })).toMatchObject({ id: results.rows[0].id });

    // The view's search narrows the results in the core.
    const first = results.rows[0];
    const narrowed = await core.handlers['savedQueries.results']({
      queryId: germany.id,
      query: first.lastName.toUpperCase(),
      offset: 0,
      limit: 500,
    });
    expect(narrowed.rows.map((row) => row.id)).toContain(first.id);
    const term = first.lastName.toLowerCase();
    const text = (row: (typeof narrowed.rows)[number]) =>
      [row.firstName, row.lastName, row.email, row.jobTitle, row.companyName].join(' ').toLowerCase();
    expect(narrowed.rows.every((row) => text(row).includes(term))).toBe(true);
    expect(narrowed.total).toBeLessThanOrEqual(results.total);

    const port = Number(new URL(service.url).port);
    await service.stop();
    try {
      const offline = waitForEvent(core, 'sync.status', (s) => s.state === 'offline');
      await core.handlers['sync.run']({});
      await offline;
      const keptList = await core.handlers['savedQueries.list']({});
      expect(keptList).toEqual(list);
      const keptResults = await core.handlers['savedQueries.results']({ queryId: germany.id, offset: 0, limit: 500 });
      expect(keptResults).toEqual(results);
      // A query never run before has no kept answer: empty, never fetched.
      const partners = list.value.find((query) => query.name === 'Partners, recently changed')!;
      expect(await core.handlers['savedQueries.results']({ queryId: partners.id, offset: 0, limit: 10 })).toEqual({
        rows: [],
        total: 0,
        fetchedAt: null,
        complete: true,
      });
    } finally {
      service = await startService({ dataDir: `${dir.path}/service`, port });
      await waitForEvent(core, 'sync.status', (s) => s.state === 'idle');
    }
  });

  it('reads a large saved query a window at a time, up to the bound kept', async () => {
    const list = await core.handlers['savedQueries.list']({});
    const partners = list.value.find((query) => query.name === 'Partners, recently changed')!;
    const head = await core.handlers['savedQueries.results']({ queryId: partners.id, offset: 0, limit: 200 });
    const tail = await core.handlers['savedQueries.results']({ queryId: partners.id, offset: 200, limit: 200 });
    expect(head.total).toBeLessThanOrEqual(maxServiceContacts);
    expect(head.rows.every((row) => row.type === 'partner')).toBe(true);
    // Latest changes first, and the two windows are consecutive rows of one list.
    const times = [...head.rows, ...tail.rows].map((row) => Date.parse(row.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set([...head.rows, ...tail.rows].map((row) => row.id)).size).toBe(head.rows.length + tail.rows.length);
    expect(tail.fetchedAt).toBe(head.fetchedAt);
  });

  it('refuses an unknown saved query with words when nothing was kept', async () => {
    await expect(
      core.handlers['savedQueries.results']({ queryId: '00000000-0000-4000-8000-000000000000', offset: 0, limit: 10 }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it("gives a company's recently updated contacts and the contacts of a type online, and kept with their age offline", async () => {
    const company = (await core.handlers['companies.list']({ offset: 0, limit: 50 })).rows.find(
      (row) => row.contactCount > recentCompanyContacts,
    )!;
    const recent = await core.handlers['users.recentAtCompany']({ companyId: company.id });
    expect(recent.fetchedAt).toEqual(expect.any(String));
    expect(recent.value).toHaveLength(recentCompanyContacts);
    expect(recent.value.every((row) => row.companyId === company.id && row.cached)).toBe(true);
    const times = recent.value.map((row) => Date.parse(row.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const customers = await core.handlers['users.ofType']({ ofType: 'customer', offset: 0, limit: 100 });
    expect(customers.total).toBeGreaterThan(0);
    expect(customers.rows.every((row) => row.type === 'customer' && row.cached)).toBe(true);
    const archived = await core.handlers['users.ofType']({
      ofType: 'customer',
      state: 'archived',
      offset: 0,
      limit: 500,
    });
    expect(archived.rows.every((row) => row.state === 'archived')).toBe(true);
    expect(archived.total).toBeLessThan(customers.total);

    const port = Number(new URL(service.url).port);
    await service.stop();
    try {
      const offline = waitForEvent(core, 'sync.status', (s) => s.state === 'offline');
      await core.handlers['sync.run']({});
      await offline;
      expect(await core.handlers['users.recentAtCompany']({ companyId: company.id })).toEqual(recent);
      expect(await core.handlers['users.ofType']({ ofType: 'customer', offset: 0, limit: 100 })).toEqual(customers);
      const never = await core.handlers['users.ofType']({ ofType: 'supplier', offset: 0, limit: 100 });
      expect(never).toEqual({ rows: [], total: 0, fetchedAt: null, complete: true });
    } finally {
      service = await startService({ dataDir: `${dir.path}/service`, port });
      await waitForEvent(core, 'sync.status', (s) => s.state === 'idle');
    }
  });
});
