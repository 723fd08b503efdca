/**
 * Deals (`deals.*`) against the reference service: each call answers from the service online, and
 * offline gives the last answer with the time it was fetched (its age); what was never fetched is
 * said to be so (`fetchedAt: null`), and an unknown deal is refused in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import { createTempDir, waitForIdle } from '../../helpers/core-harness';
import { startSignedInCore, stopSignedInCore } from '../../helpers/signed-in-core';
import { ServerClient, smallDemo } from '../../helpers/server-client';

describe('deals', () => {
  const dir = createTempDir();
  let service: RunningService;
  let core: Core;

  beforeAll(async () => {
    ({ service, core } = await startSignedInCore(dir.path, { demo: smallDemo }));
  });
  afterAll(() => stopSignedInCore(core, service, dir));

  it('reads every call online, then gives the kept answers with their age offline, and fresh ones when back', async () => {
    const before = Date.now();
    const software = await core.handlers['deals.byCategory']({ category: 'software' });
    expect(Date.parse(software.fetchedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(software.value.complete).toBe(true);
    expect(software.value.deals.length).toBeGreaterThan(0);
    expect(software.value.deals.every((d) => d.category === 'software')).toBe(true);

    const deal = software.value.deals.find((d) => d.contactId !== null) ?? software.value.deals[0];
    const company = await core.handlers['companies.get']({ id: deal.companyId });
    expect(deal.companyName).toBe(company?.name);

    const one = await core.handlers['deals.get']({ id: deal.id });
    expect(one.value?.title).toBe(deal.title);
    const owner = await core.handlers['contacts.get']({ id: deal.ownerId });
    expect(one.value?.ownerName).toBe(owner ? `${owner.firstName} ${owner.lastName}` : null);
    expect(one.value?.companyName).toBe(company?.name);

    const ofCompany = await core.handlers['deals.related']({ companyId: deal.companyId });
    expect(ofCompany.value.deals.map((d) => d.id)).toContain(deal.id);
    expect(ofCompany.value.deals.every((d) => d.companyId === deal.companyId)).toBe(true);

    const ofContact = deal.contactId ? await core.handlers['deals.related']({ contactId: deal.contactId }) : null;
    if (deal.contactId) {
      expect(ofContact?.value.deals.map((d) => d.id)).toContain(deal.id);
      expect(ofContact?.value.deals.every((d) => d.contactId === deal.contactId)).toBe(true);
    }

    const recent = await core.handlers['deals.recent']({ limit: 10 });
    expect(recent.value.deals).toHaveLength(10);
    const changed = recent.value.deals.map((d) => d.updatedAt);
    expect([...changed].sort().reverse()).toEqual(changed);

    const port = Number(new URL(service.url).port);
    await service.stop();

    // The first call that asks the service finds it gone (the status turns offline); then the
    // board's kept answer is given without a refresh under way.
    expect(await core.handlers['deals.get']({ id: deal.id })).toEqual(one);
    const keptSoftware = await core.handlers['deals.byCategory']({ category: 'software' });
    expect(keptSoftware).toEqual(software);
    expect(await core.handlers['deals.related']({ companyId: deal.companyId })).toEqual(ofCompany);
    if (deal.contactId) expect(await core.handlers['deals.related']({ contactId: deal.contactId })).toEqual(ofContact);
    expect(await core.handlers['deals.recent']({ limit: 10 })).toEqual(recent);

    // Never fetched: nothing to show, and said so rather than "no deals".
    const training = await core.handlers['deals.byCategory']({ category: 'training' });
    expect(training).toEqual({ value: { deals: [], complete: true }, fetchedAt: null });
    const other = await core.handlers['deals.get']({ id: crypto.randomUUID() });
    expect(other).toEqual({ value: null, fetchedAt: null });

    service = await startService({ dataDir: `${dir.path}/service`, port });
    await waitForIdle(core);
    // The board's list is given from what is kept at once, and asked again in the background; when
    // that ends, `answers.refreshed` names the area and the next call gives the fresh answer.
    const refreshed = new Promise<string[]>((resolve) => {
      const off = core.on('answers.refreshed', ({ areas }) => {
        off();
        resolve(areas);
      });
    });
    const atOnce = await core.handlers['deals.byCategory']({ category: 'software' });
    expect(atOnce).toEqual({ ...software, refreshing: true });
    expect(await refreshed).toEqual(['deals']);
    const fresh = await core.handlers['deals.byCategory']({ category: 'software' });
    expect(fresh.refreshing).toBeUndefined();
    expect(Date.parse(fresh.fetchedAt!)).toBeGreaterThan(Date.parse(software.fetchedAt!));
    expect(fresh.value.deals.map((d) => d.id).sort()).toEqual(software.value.deals.map((d) => d.id).sort());
    // Asked again within the quiet time: the kept answer, not another request.
    expect(await core.handlers['deals.byCategory']({ category: 'software' })).toEqual(fresh);
  });

  it('takes a note on a deal that was read, and sends it to the service', async () => {
    const { value } = await core.handlers['deals.recent']({ limit: 1 });
    const [deal] = value.deals;
    await expect(
      core.handlers['comments.add']({ recordType: 'deal', recordId: deal.id, text: 'Not read yet', attachments: [] }),
    ).rejects.toMatchObject({ code: 'not_found' });

    await core.handlers['deals.get']({ id: deal.id });
    await core.handlers['comments.add']({
      recordType: 'deal',
      recordId: deal.id,
      text: 'Asked for a second quote.',
      attachments: [],
    });
    const notes = await core.handlers['comments.list']({ recordType: 'deal', recordId: deal.id });
    expect(notes.value.filter((n) => n.pending).map((n) => n.text)).toEqual(['Asked for a second quote.']);
    await core.handlers['sync.run']({});
    await waitForIdle(core);
    expect(await core.handlers['outbox.list']({})).toEqual([]);

    const client = new ServerClient(service.url);
    await client.signIn(service.credentials);
    const onService = await client.call('getRelatedComments', { query: { resourceType: 'deal', resourceId: deal.id } });
    expect((onService.body as { items: { text: string }[] }).items.map((c) => c.text)).toContain(
      'Asked for a second quote.',
    );
  });

  it('refuses an unknown deal, contact or company in words', async () => {
    await expect(core.handlers['deals.get']({ id: crypto.randomUUID() })).rejects.toMatchObject({ code: 'not_found' });
    await expect(core.handlers['deals.related']({ companyId: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
