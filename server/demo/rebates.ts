/**
 * Demo rebate agreements: group rebates ("grebates") over the companies that trade in one currency,
 * for this year and last year, and volume rebates with the companies that won the most deals.
 */
import type { Faker } from '@faker-js/faker';
import type { Company } from '../db/companies';
import type { Deal } from '../db/deals';
import type { Rebate, RebateRepo } from '../db/rebates';
import { currencyOfCountry } from './branch-places';
import { pastIso } from './people';

type RebateBody = Omit<Rebate, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

/** Seeds the agreements (only those whose companies exist); returns them. */
export function seedRebates(repo: RebateRepo, f: Faker, now: number, companies: Company[], deals: Deal[]): Rebate[] {
  const year = new Date(now).getUTCFullYear();
  const currencyOf = (c: Company) => currencyOfCountry[c.address.country ?? 'US'] ?? 'USD';
  const inCurrency = (currency: string) => companies.filter((c) => currencyOf(c) === currency).map((c) => c.id);
  const bodies: RebateBody[] = [];
  const group = (name: string, currency: string, y: number, extra: Partial<RebateBody>) => {
    const companyIds = inCurrency(currency).slice(0, 500);
    if (companyIds.length < 2) return;
    bodies.push({
      name: `${name} ${y}`,
      description: `Group rebate for the ${currency} members of the ${name.toLowerCase()}, on deals closed in ${y}.`,
      kind: 'group',
      companyIds,
      categories: [],
      currency,
      tiers: [
        { minAmount: 0, rateBasisPoints: 150 },
        { minAmount: 5_000_000, rateBasisPoints: 250 },
        { minAmount: 20_000_000, rateBasisPoints: 400 },
      ],
      periodStart: `${y}-01-01`,
      periodEnd: `${y}-12-31`,
      ...extra,
    });
  };
  group('European buying group', 'EUR', year, {});
  group('European buying group', 'EUR', year - 1, {});
  group('North American service partners', 'USD', year, {
    categories: ['services', 'support', 'training'],
    tiers: [
      { minAmount: 0, rateBasisPoints: 300 },
      { minAmount: 2_000_000, rateBasisPoints: 500 },
    ],
  });
  group('UK distributor network', 'GBP', year, { categories: ['hardware', 'software'] });

  const wins = new Map<string, number>();
  for (const d of deals) if (d.stage === 'closedWon') wins.set(d.companyId, (wins.get(d.companyId) ?? 0) + 1);
  const top = [...wins.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5);
  for (const [companyId] of top) {
    const company = companies.find((c) => c.id === companyId) as Company;
    bodies.push({
      name: `${company.name} volume rebate`,
      description: `Volume rebate agreed with ${company.name} over the last 12 months and the next 6.`,
      kind: 'company',
      companyIds: [company.id],
      categories: f.number.int(2) === 0 ? ['hardware'] : [],
      currency: currencyOf(company),
      tiers: [
        { minAmount: 0, rateBasisPoints: 100 },
        { minAmount: 10_000_000, rateBasisPoints: 200 },
        { minAmount: 50_000_000, rateBasisPoints: 350 },
      ],
      periodStart: new Date(now - 365 * 86_400_000).toISOString().slice(0, 10),
      periodEnd: new Date(now + 182 * 86_400_000).toISOString().slice(0, 10),
    });
  }
  return bodies.map((body) => {
    const at = pastIso(f, now, 30, 400);
    return repo.save(f.string.uuid(), body, { createdAt: at, updatedAt: at });
  });
}
