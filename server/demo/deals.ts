/** Demo PSA deals across categories and stages, with the owner's employees as deal owners. */
import type { Faker } from '@faker-js/faker';
import type { Company } from '../db/companies';
import type { Contact } from '../db/contacts';
import type { Deal, DealCategory, DealRepo, DealStage } from '../db/deals';
import { currencyOfCountry } from './branch-places';
import { products } from './vocabulary';

const titles: Record<Exclude<DealCategory, 'hardware'>, string[]> = {
  software: ['MES licence renewal', 'Line monitoring software', 'Predictive maintenance analytics', 'ERP connector'],
  services: ['Conveyor line retrofit', 'Installation and commissioning', 'Plant relocation', 'Line layout study'],
  support: ['Premium support contract', '24/7 hotline renewal', 'Spare parts service agreement', 'Extended warranty'],
  consulting: ['Lean manufacturing assessment', 'Energy efficiency audit', 'Automation roadmap', 'Safety review'],
  training: ['Operator training', 'CNC programming course', 'Maintenance technician certification', 'Robot training'],
};

/** Deal value range per category, in major currency units. */
const amountRange: Record<DealCategory, [number, number]> = {
  hardware: [20_000, 600_000],
  software: [5_000, 150_000],
  services: [10_000, 300_000],
  support: [2_000, 60_000],
  consulting: [5_000, 120_000],
  training: [1_000, 30_000],
};

const stageWeights: Array<{ value: DealStage; weight: number }> = [
  { value: 'prospecting', weight: 12 },
  { value: 'qualification', weight: 12 },
  { value: 'proposal', weight: 12 },
  { value: 'negotiation', weight: 10 },
  { value: 'closedWon', weight: 38 },
  { value: 'closedLost', weight: 16 },
];

const probability: Record<DealStage, number> = {
  prospecting: 10,
  qualification: 25,
  proposal: 50,
  negotiation: 75,
  closedWon: 100,
  closedLost: 0,
};

const day = 86_400_000;

/** Seeds `count` deals with the given companies (none when there are none); returns them. */
export function seedDeals(
  repo: DealRepo,
  f: Faker,
  now: number,
  input: { companies: Company[]; contactsByCompany: Map<string, Contact[]>; owners: Contact[]; count: number },
): Deal[] {
  const made: Deal[] = [];
  if (input.companies.length === 0) return made;
  const iso = (ms: number) => new Date(ms).toISOString();
  for (let i = 0; i < input.count; i++) {
    const company = f.helpers.arrayElement(input.companies);
    const category = f.helpers.arrayElement(Object.keys(amountRange) as DealCategory[]);
    const stage = f.helpers.weightedArrayElement(stageWeights);
    const closed = stage === 'closedWon' || stage === 'closedLost';
    const [min, max] = amountRange[category];
    const title =
      category === 'hardware'
        ? `${f.number.int({ min: 1, max: 6 })} × ${f.helpers.arrayElement(products)}`
        : f.helpers.arrayElement(titles[category]);
    const closedAt = closed ? now - f.number.int({ min: 1, max: 540 }) * day - f.number.int(day) : null;
    const createdAt = (closedAt ?? now) - f.number.int({ min: 5, max: 200 }) * day;
    const updatedAt = closedAt ?? f.number.int({ min: createdAt, max: now - 60_000 });
    const expected = closedAt === null ? now + f.number.int({ min: 5, max: 200 }) * day : closedAt;
    const contacts = input.contactsByCompany.get(company.id) ?? [];
    made.push(
      repo.save(
        f.string.uuid(),
        {
          title,
          companyId: company.id,
          contactId: contacts.length && f.number.int(6) > 0 ? f.helpers.arrayElement(contacts).id : null,
          category,
          stage,
          amount: f.number.int({ min: min / 100, max: max / 100 }) * 10_000,
          currency: currencyOfCountry[company.address.country ?? 'US'] ?? 'USD',
          probability: probability[stage],
          expectedCloseDate: iso(expected + f.number.int({ min: -10, max: 20 }) * day).slice(0, 10),
          ownerId: f.number.int(9) < 4 ? input.owners[0].id : f.helpers.arrayElement(input.owners).id,
          closedAt: closedAt === null ? null : iso(closedAt),
        },
        { createdAt: iso(createdAt), updatedAt: iso(updatedAt) },
      ),
    );
  }
  return made;
}
