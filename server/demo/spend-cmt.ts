/**
 * Demo spend (12–24 months per customer, supplier and partner company, 2–4 categories each) and CMT
 * records (terms for most companies), in each company's local currency.
 */
import type { AreaSeedContext } from './seed-context';
import type { CmtRepo } from '../db/cmt';
import type { Company } from '../db/companies';
import type { Spend, SpendRepo } from '../db/spend';

const currencies: Record<string, string> = {
  US: 'USD',
  CA: 'CAD',
  GB: 'GBP',
  CH: 'CHF',
  SE: 'SEK',
  DK: 'DKK',
  AU: 'AUD',
};
const euroCountries = new Set(['IE', 'DE', 'FR', 'NL', 'AT', 'ES', 'IT']);
const categories: Spend['category'][] = [
  'software',
  'hardware',
  'services',
  'support',
  'training',
  'consulting',
  'logistics',
  'marketing',
];
const notes = [
  'Annual volume rebate negotiated separately.',
  'Prices fixed until the next review; freight billed at cost.',
  'Early-payment discount of 2 % within 10 days.',
  'Credit limit raised after a clean payment record.',
  'Consolidated monthly invoicing to the head office.',
];

/** The ISO 4217 currency a company in `country` (ISO 3166-1 alpha-2) is billed in. */
export function currencyOf(country: string | null): string {
  if (country && euroCountries.has(country)) return 'EUR';
  return (country && currencies[country]) || 'USD';
}

/** `YYYY-MM` of the month `back` months before the month of `now` (ms). */
function monthBefore(now: number, back: number): string {
  const d = new Date(now);
  const month = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
  return month.toISOString().slice(0, 7);
}

/** Seeds spend records for the companies we trade with and CMT records for most companies. */
export function seedSpendAndCmt(ctx: AreaSeedContext, repos: { spend: SpendRepo; cmt: CmtRepo }): void {
  const { f, now, people } = ctx;
  const managers = people.employees;
  for (const company of people.companies) {
    const relation = people.contactsByCompany.get(company.id)?.[0]?.type ?? 'prospect';
    const currency = currencyOf(company.address.country);
    if (relation === 'customer' || relation === 'partner' || relation === 'supplier')
      seedCompanySpend(ctx, repos.spend, company, relation === 'supplier' ? 'purchases' : 'sales', currency);
    if (f.number.float() < 0.85) {
      const at = new Date(
        Math.max(Date.parse(company.createdAt), now - f.number.int({ min: 1, max: 300 }) * 86_400_000),
      ).toISOString();
      const review = new Date(now + f.number.int({ min: 7, max: 365 }) * 86_400_000).toISOString().slice(0, 10);
      repos.cmt.save(
        f.string.uuid(),
        {
          companyId: company.id,
          paymentTermsDays: f.helpers.arrayElement([0, 14, 30, 30, 30, 45, 60, 90]),
          creditLimit: f.number.int({ min: 10, max: 500 }) * 1000_00,
          currency,
          discountBasisPoints: f.helpers.arrayElement([0, 0, 100, 150, 250, 500, 750, 1000]),
          accountManagerId: managers.length ? f.helpers.arrayElement(managers).id : null,
          reviewDate: f.number.float() < 0.9 ? review : null,
          notes: f.number.float() < 0.4 ? f.helpers.arrayElement(notes) : null,
        },
        { createdAt: at, updatedAt: at },
      );
    }
  }
}

/** 12–24 months of spend in 2–4 categories, with a yearly season and month-to-month noise. */
function seedCompanySpend(
  ctx: AreaSeedContext,
  spend: SpendRepo,
  company: Company,
  direction: Spend['direction'],
  currency: string,
): void {
  const { f, now } = ctx;
  const months = f.number.int({ min: 12, max: 24 });
  const picked = f.helpers.arrayElements(categories, { min: 2, max: 4 });
  for (const category of picked) {
    const base = f.number.int({ min: 1500, max: 60_000 }) * 100;
    for (let back = months; back >= 1; back--) {
      if (f.number.float() < 0.08) continue;
      const period = monthBefore(now, back);
      const season = 1 + 0.25 * Math.sin((Number(period.slice(5)) / 12) * 2 * Math.PI);
      const amount = Math.round(base * season * f.number.float({ min: 0.6, max: 1.4 }));
      const at = new Date(Math.min(now, Date.parse(`${monthBefore(now, back - 1)}-02T06:00:00Z`))).toISOString();
      spend.save(
        f.string.uuid(),
        { companyId: company.id, direction, category, period, amount, currency },
        { createdAt: at, updatedAt: at },
      );
    }
  }
}
