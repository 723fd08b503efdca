/**
 * Spend (`spend.*`) against the reference service: spend per month and per company, sales and
 * purchases apart (`Query Spend`), and a company's spend records (`Get Spend`), each online with its filters and then
 * offline as the last answer with the time it was fetched; totals stay per currency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/platform';
import type { Spend } from '../../../preload/contract';
import { type RunningService, startService } from '../../../server/start';
import { createTempDir, waitForIdle } from '../../helpers/core-harness';
import { startSignedInCore, stopSignedInCore } from '../../helpers/signed-in-core';
import { smallDemo } from '../../helpers/server-client';

describe('spend', () => {
  const dir = createTempDir();
  let service: RunningService;
  let core: Core;

  beforeAll(async () => {
    ({ service, core } = await startSignedInCore(dir.path, { demo: smallDemo }));
  });
  afterAll(() => stopSignedInCore(core, service, dir));

  it('reads both calls online with their filters, gives the kept answers with their age offline', async () => {
    const before = Date.now();
    const all = await core.handlers['spend.summary']({});
    expect(Date.parse(all.fetchedAt!)).toBeGreaterThanOrEqual(before - 1000);
    for (const direction of ['sales', 'purchases'] as const) {
      const series = all.value[direction];
      expect(series.complete).toBe(true);
      expect(series.rows.length).toBeGreaterThan(0);
      // Months oldest first; one total per currency, the sum of that currency's months only.
      const periods = series.rows.map((r) => r.period!);
      expect([...periods].sort()).toEqual(periods);
      const currencies = series.totals.map((t) => t.currency);
      expect(new Set(currencies).size).toBe(currencies.length);
      for (const total of series.totals) {
        const rows = series.rows.filter((r) => r.currency === total.currency);
        expect(total.amount).toBe(rows.reduce((sum, r) => sum + r.amount, 0));
      }
    }

    // Per company, largest first; each currency's companies add up to its total, names from the cache.
    const byCompany = await core.handlers['spend.companies']({});
    expect(byCompany.value.complete).toBe(true);
    for (const direction of ['sales', 'purchases'] as const) {
      const rows = byCompany.value[direction];
      expect(rows.map((r) => r.amount)).toEqual([...rows.map((r) => r.amount)].sort((a, b) => b - a));
      for (const total of all.value[direction].totals) {
        const sum = rows.filter((r) => r.currency === total.currency).reduce((s, r) => s + r.amount, 0);
        expect(sum).toBe(total.amount);
      }
      for (const r of rows) {
        const cached = await core.handlers['companies.get']({ id: r.companyId! });
        expect(byCompany.value.companyNames[r.companyId!]).toBe(cached?.name);
      }
    }

    // One company's records add up to its months, per direction and currency.
    let chosen: string | null = null;
    let records = { value: { records: [] as Spend[], complete: true }, fetchedAt: null as string | null };
    for (const row of (await core.handlers['companies.list']({ offset: 0, limit: 500 })).rows) {
      records = await core.handlers['spend.records']({ companyId: row.id });
      if (records.value.records.length > 0) {
        chosen = row.id;
        break;
      }
    }
    expect(chosen).not.toBeNull();
    const ofCompany = await core.handlers['spend.summary']({ companyId: chosen! });
    const list = records.value.records;
    expect(list.every((r) => r.companyId === chosen)).toBe(true);
    expect([...list.map((r) => r.period)].sort().reverse()).toEqual(list.map((r) => r.period));
    for (const direction of ['sales', 'purchases'] as const) {
      const mine = list.filter((r) => r.direction === direction);
      for (const total of ofCompany.value[direction].totals) {
        const sum = mine.filter((r) => r.currency === total.currency).reduce((s, r) => s + r.amount, 0);
        expect(total.amount).toBe(sum);
      }
      expect(ofCompany.value[direction].totals.reduce((n, t) => n + t.count, 0)).toBe(mine.length);
    }

    // Filters: the months asked and one category.
    const periods = [...new Set(list.map((r) => r.period))].sort();
    const from = periods[1] ?? periods[0];
    const to = periods[periods.length - 2] ?? periods[0];
    const category = list[0].category;
    const narrowed = await core.handlers['spend.records']({ companyId: chosen!, from, to, category });
    expect(narrowed.value.records).toEqual(
      list.filter((r) => r.period >= from && r.period <= to && r.category === category),
    );
    const narrowedSummary = await core.handlers['spend.summary']({ companyId: chosen!, from, to, category });
    const months = [...narrowedSummary.value.sales.rows, ...narrowedSummary.value.purchases.rows];
    expect(months.every((r) => r.period! >= from && r.period! <= to)).toBe(true);
    expect(months.reduce((n, r) => n + r.count, 0)).toBe(narrowed.value.records.length);

    // A first month after the last is refused before the service is asked.
    await expect(core.handlers['spend.summary']({ from: '2026-05', to: '2026-01' })).rejects.toThrow();
    // A company the service does not know is refused when nothing was kept.
    await expect(core.handlers['spend.records']({ companyId: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'not_found',
    });

    const port = Number(new URL(service.url).port);
    await service.stop();
    // The records ask the service first and find it gone (the status turns offline); then the sums,
    // given from what is kept first, come without a refresh under way.
    expect(await core.handlers['spend.records']({ companyId: chosen! })).toEqual(records);
    expect(await core.handlers['spend.summary']({})).toEqual(all);
    expect(await core.handlers['spend.summary']({ companyId: chosen! })).toEqual(ofCompany);
    expect(await core.handlers['spend.companies']({})).toEqual(byCompany);
    expect(await core.handlers['spend.records']({ companyId: chosen!, from, to, category })).toEqual(narrowed);
    // Never fetched: said to be so (fetchedAt null) rather than "no spend".
    expect(await core.handlers['spend.summary']({ category: 'marketing', from: '2001-01' })).toEqual({
      value: { sales: { rows: [], totals: [], complete: true }, purchases: { rows: [], totals: [], complete: true } },
      fetchedAt: null,
    });

    service = await startService({ dataDir: `${dir.path}/service`, port, demo: smallDemo });
    await waitForIdle(core);
    const refreshed = new Promise<string[]>((resolve) => {
      const off = core.on('answers.refreshed', ({ areas }) => {
        off();
        resolve(areas);
      });
    });
    expect(await core.handlers['spend.summary']({})).toEqual({ ...all, refreshing: true });
    expect(await refreshed).toEqual(['spend']);
    const fresh = await core.handlers['spend.summary']({});
    expect(Date.parse(fresh.fetchedAt!)).toBeGreaterThan(Date.parse(all.fetchedAt!));
    expect(fresh.value).toEqual(all.value);
  });
});
