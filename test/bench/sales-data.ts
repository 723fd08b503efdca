/**
 * The sales benchmarks' extra records (docs/PERFORMANCE.md rows 16–19 and 27): deals in one category,
 * branches around one point and spend rows, inserted through the reference service's repositories.
 * Used by sales.ts (service in the bench's process) and by service-child.ts (`salesData`).
 */
import { randomUUID } from 'node:crypto';
import { dealCategories } from '../../preload/contract/deals';
import type { RunningService } from '../../server/start';

/** Extra records inserted by `insertSalesData`. */
export const salesSizes = { deals: 5_000, branches: 10_000, spend: 100_000 };
/** Where the extra branches are, WGS 84 degrees (Asheville, US): the locator searches from here. */
export const centre = { latitude: 35.5951, longitude: -82.5515 };
const day = 86_400_000;

/**
 * Inserts the extra deals (one category), branches (around `centre`) and spend rows (needs 1,000
 * companies) through the service's repositories in one transaction; returns the time taken, ms.
 */
export function insertSalesData(service: RunningService): number {
  const started = performance.now();
  const { store, repos } = service;
  const companies = store.db.prepare('SELECT id FROM companies').pluck().all() as string[];
  const contacts = store.db.prepare('SELECT id FROM contacts').pluck().all() as string[];
  const pick = <T>(list: T[], i: number) => list[(i * 7919) % list.length];
  const now = Date.now();
  const iso = (t: number) => new Date(t).toISOString();
  const stages = ['prospecting', 'qualification', 'proposal', 'negotiation', 'closedWon', 'closedLost'] as const;
  store.db.exec('BEGIN');
  try {
    for (let i = 0; i < salesSizes.deals; i++) {
      const stage = stages[i % stages.length];
      const closed = stage === 'closedWon' || stage === 'closedLost';
      repos.deals.save(randomUUID(), {
        title: `Bench deal ${i + 1}`,
        companyId: pick(companies, i),
        contactId: null,
        category: dealCategories[0],
        stage,
        amount: 10_000 * (1 + (i % 500)),
        currency: i % 3 === 0 ? 'EUR' : 'USD',
        probability: closed ? (stage === 'closedWon' ? 100 : 0) : 50,
        expectedCloseDate: iso(now + (1 + (i % 200)) * day).slice(0, 10),
        ownerId: pick(contacts, i + 1),
        closedAt: closed ? iso(now - (1 + (i % 300)) * day) : null,
      });
    }
    for (let i = 0; i < salesSizes.branches; i++) {
      repos.branches.save(randomUUID(), {
        companyId: pick(companies, i),
        name: `Bench branch ${i + 1}`,
        kind: 'office',
        address: { street: `${i + 1} Bench Street`, city: 'Asheville', postalCode: '28801', country: 'US' },
        latitude: Math.round((centre.latitude + (((i * 37) % 200) - 100) / 100) * 1e5) / 1e5,
        longitude: Math.round((centre.longitude + (((i * 53) % 200) - 100) / 100) * 1e5) / 1e5,
        phone: null,
        email: null,
        openingHours: null,
      });
    }
    const categories = [
      'hardware',
      'software',
      'services',
      'support',
      'consulting',
      'training',
      'logistics',
      'marketing',
    ] as const;
    // 100 rows per company, one per direction × category × month, in a currency no demo company uses
    // (a spend row is unique per company, direction, category, month and currency).
    for (let i = 0; i < salesSizes.spend; i++) {
      const j = i % 100;
      const month = new Date(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() - 1 - (j >> 4), 1));
      repos.spend.save(randomUUID(), {
        companyId: companies[Math.floor(i / 100)],
        direction: j % 2 === 0 ? 'sales' : 'purchases',
        category: categories[(j >> 1) % categories.length],
        period: month.toISOString().slice(0, 7),
        amount: 100 * (100 + (i % 9000)),
        currency: 'ISK',
      });
    }
    store.db.exec('COMMIT');
  } catch (error) {
    store.db.exec('ROLLBACK');
    throw error;
  }
  return performance.now() - started;
}
