/** Demo data of the branches-deals area: branches, PSA deals and rebate agreements. */
import type { AreaSeedContext } from './seed-context';
import { seedBranches } from './branches';
import { seedDeals } from './deals';
import { seedRebates } from './rebates';

/** How many PSA deals the demo has. */
export const demoDealCount = 300;

/** Seeds branches for every company, ~300 deals and the rebate agreements. */
export function seedBranchesDeals(ctx: AreaSeedContext): void {
  const { repos, f, now, people } = ctx;
  seedBranches(repos.branches, f, now, [people.owner, ...people.companies], people.owner.id);
  const deals = seedDeals(repos.deals, f, now, {
    companies: people.companies,
    contactsByCompany: people.contactsByCompany,
    owners: [people.demoUser, ...people.employees.filter((e) => e.id !== people.demoUser.id)],
    count: demoDealCount,
  });
  seedRebates(repos.rebates, f, now, people.companies, deals);
}
