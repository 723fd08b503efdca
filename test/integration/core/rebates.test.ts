/**
 * Rebates (`rebates.*`) against the reference service: the agreements with earnings (`Rebate
 * Summary Data` by rebate), one agreement with its deal earnings (`Rebate Detail`, `Rebate Deal
 * Earnings`) and its grouped totals, each online and then offline as the last answer with the time
 * it was fetched; totals stay per currency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import { createTempDir, waitForIdle } from '../../helpers/core-harness';
import { startSignedInCore, stopSignedInCore } from '../../helpers/signed-in-core';
import { smallDemo } from '../../helpers/server-client';

describe('rebates', () => {
  const dir = createTempDir();
  let service: RunningService;
  let core: Core;

  beforeAll(async () => {
    ({ service, core } = await startSignedInCore(dir.path, { demo: smallDemo }));
  });
  afterAll(() => stopSignedInCore(core, service, dir));

  it('reads every call online, gives the kept answers with their age offline, and refuses an unknown agreement', async () => {
    const before = Date.now();
    const list = await core.handlers['rebates.summary']({ groupBy: 'rebate' });
    expect(Date.parse(list.fetchedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(list.value.complete).toBe(true);
    expect(list.value.rows.length).toBeGreaterThan(0);
    // One total per currency, never added across currencies.
    const currencies = list.value.totals.map((t) => t.currency);
    expect(new Set(currencies).size).toBe(currencies.length);
    for (const total of list.value.totals) {
      const rows = list.value.rows.filter((r) => r.currency === total.currency);
      expect(total.earning).toBe(rows.reduce((sum, r) => sum + r.earning, 0));
    }

    const row = list.value.rows[0];
    const detail = await core.handlers['rebates.detail']({ id: row.key });
    const rebate = detail.value!.rebate;
    expect(rebate.name).toBe(row.label);
    expect(rebate.currency).toBe(row.currency);
    expect(detail.value!.complete).toBe(true);
    expect(detail.value!.earnings).toHaveLength(row.earningCount);
    expect(detail.value!.earnings.every((e) => e.rebateId === rebate.id && e.currency === rebate.currency)).toBe(true);
    const closed = detail.value!.earnings.map((e) => e.closedAt);
    expect([...closed].sort().reverse()).toEqual(closed);
    const company = await core.handlers['companies.get']({ id: rebate.companyIds[0] });
    expect(detail.value!.companyNames[rebate.companyIds[0]]).toBe(company?.name);

    const quarters = await core.handlers['rebates.summary']({ groupBy: 'quarter', rebateId: rebate.id });
    expect(quarters.value.totals).toEqual([
      { currency: row.currency, earningCount: row.earningCount, dealAmount: row.dealAmount, earning: row.earning },
    ]);
    const companyId = detail.value!.earnings[0].companyId;
    const ofCompany = await core.handlers['rebates.summary']({ groupBy: 'rebate', companyId });
    expect(ofCompany.value.rows.map((r) => r.key)).toContain(rebate.id);

    await expect(core.handlers['rebates.detail']({ id: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'not_found',
    });

    const port = Number(new URL(service.url).port);
    await service.stop();
    expect(await core.handlers['rebates.summary']({ groupBy: 'rebate' })).toEqual(list);
    expect(await core.handlers['rebates.detail']({ id: rebate.id })).toEqual(detail);
    expect(await core.handlers['rebates.summary']({ groupBy: 'quarter', rebateId: rebate.id })).toEqual(quarters);
    expect(await core.handlers['rebates.summary']({ groupBy: 'rebate', companyId })).toEqual(ofCompany);
    // Never fetched: said to be so (fetchedAt null) rather than "no rebates".
    expect(await core.handlers['rebates.summary']({ groupBy: 'year' })).toEqual({
      value: { groupBy: 'year', rows: [], totals: [], complete: true },
      fetchedAt: null,
    });
    expect(await core.handlers['rebates.detail']({ id: crypto.randomUUID() })).toEqual({
      value: null,
      fetchedAt: null,
    });

    service = await startService({ dataDir: `${dir.path}/service`, port, demo: smallDemo });
    await waitForIdle(core);
    const fresh = await core.handlers['rebates.summary']({ groupBy: 'rebate' });
    expect(Date.parse(fresh.fetchedAt!)).toBeGreaterThan(Date.parse(list.fetchedAt!));
    expect(fresh.value.rows).toEqual(list.value.rows);
  });
});
