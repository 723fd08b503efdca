/**
 * Demo group tree (about 30 groups): regions → segments → key accounts, marketing lists (static
 * groups with members) and smart groups (dynamic groups defined by contact filters).
 */
import type { AreaSeedContext } from './seed-context';
import type { Company } from '../db/companies';
import type { Contact } from '../db/contacts';
import type { Group, GroupFilter, GroupRepo } from '../db/groups';
import { pastIso } from './people';

const regions = [
  { name: 'North America', colour: '#2f6fde', countries: ['US', 'CA'] },
  { name: 'Europe', colour: '#1f9d55', countries: ['GB', 'IE', 'DE', 'FR', 'NL', 'CH', 'AT', 'SE', 'DK', 'ES', 'IT'] },
  { name: 'Asia Pacific', colour: '#d97706', countries: ['AU'] },
];
const segments = [
  { name: 'Enterprise', weight: 2, description: 'Accounts with more than 1,000 employees.' },
  { name: 'Mid-market', weight: 3, description: 'Accounts with 100 to 1,000 employees.' },
  { name: 'Small business', weight: 5, description: 'Accounts with fewer than 100 employees.' },
];
const marketingLists = [
  { name: 'Newsletter subscribers', share: 0.3, tags: ['newsletter'] },
  { name: 'Webinar attendees', share: 0.08, tags: ['webinar', 'events'] },
  { name: 'Trade show leads', share: 0.05, tags: ['events', 'leads'] },
  { name: 'Beta programme', share: 0.02, tags: ['product'] },
];
const noFilter: GroupFilter = { companyId: null, type: null, state: null, country: null, city: null };

/** Seeds the demo group tree and its static memberships. */
export function seedGroups(ctx: AreaSeedContext, groups: GroupRepo): void {
  const { f, now, people } = ctx;
  const make = (
    name: string,
    parent: Group | null,
    extra: { description?: string; colour?: string; tags?: string[]; filter?: Partial<GroupFilter> } = {},
    members: readonly Contact[] = [],
  ): Group => {
    const at = pastIso(f, now, 30, 400);
    const id = f.string.uuid();
    const body = {
      name,
      kind: extra.filter ? ('dynamic' as const) : ('static' as const),
      parentId: parent?.id ?? null,
      position: groups.children(parent?.id ?? null).length,
      description: extra.description ?? null,
      colour: extra.colour ?? null,
      tags: extra.tags ?? [],
      filter: extra.filter ? { ...noFilter, ...extra.filter } : null,
      ownerId: people.demoUser.id,
    };
    groups.save(id, body, { createdAt: at, updatedAt: at });
    if (!members.length) return groups.get(id) as Group;
    const added = pastIso(f, now, 1, 29);
    groups.addMembers(
      id,
      members.map((c) => c.id),
      added,
    );
    return groups.save(id, body, { updatedAt: added });
  };
  const contactsOf = (companies: readonly Company[]) =>
    companies.flatMap((c) => people.contactsByCompany.get(c.id) ?? []);

  for (const region of regions) {
    const inRegion = people.companies.filter((c) => region.countries.includes(c.address.country ?? ''));
    const regionGroup = make(region.name, null, {
      colour: region.colour,
      description: `Accounts based in ${region.name}.`,
      tags: ['region'],
    });
    const bySegment = new Map<string, Company[]>(segments.map((s) => [s.name, []]));
    for (const company of inRegion) {
      const segment = f.helpers.weightedArrayElement(segments.map((s) => ({ value: s.name, weight: s.weight })));
      bySegment.get(segment)?.push(company);
    }
    for (const segment of segments) {
      const companies = bySegment.get(segment.name) ?? [];
      const group = make(
        segment.name,
        regionGroup,
        { description: segment.description, tags: ['segment'] },
        contactsOf(companies),
      );
      if (segment.name !== 'Enterprise' || companies.length === 0) continue;
      const keyCompanies = f.helpers.arrayElements(companies, Math.max(1, Math.ceil(companies.length / 3)));
      const keyAccounts = make(
        'Key accounts',
        group,
        { description: 'Strategic accounts with a named account team.', colour: '#b91c1c', tags: ['priority'] },
        contactsOf(keyCompanies),
      );
      if (region.name === 'North America')
        make(
          'Renewals this quarter',
          keyAccounts,
          { description: 'Key accounts whose contracts renew this quarter.', tags: ['renewal'] },
          contactsOf(keyCompanies.slice(0, Math.ceil(keyCompanies.length / 2))),
        );
    }
  }

  const everyone = [...people.contactsByCompany.values()].flat();
  const lists = make('Marketing lists', null, { colour: '#7c3aed', tags: ['marketing'] });
  for (const list of marketingLists)
    make(
      list.name,
      lists,
      { tags: list.tags },
      f.helpers.arrayElements(everyone, Math.max(1, Math.round(everyone.length * list.share))),
    );
  make(
    'Customer advisory board',
    null,
    { description: 'Customers who review our roadmap twice a year.', tags: ['product', 'customers'] },
    f.helpers.arrayElements(
      everyone.filter((c) => c.type === 'customer'),
      12,
    ),
  );

  const smart = make('Smart groups', null, { description: 'Groups that follow contact data automatically.' });
  make('All prospects', smart, { filter: { type: 'prospect', state: 'active' } });
  make('Suppliers', smart, { filter: { type: 'supplier' } });
  make('Partners', smart, { filter: { type: 'partner' } });
  make('Archived contacts', smart, { filter: { state: 'archived' } });
  make('Contacts in Germany', smart, { filter: { country: 'DE' } });
  make('Contacts in London', smart, { filter: { city: 'London' } });
  make('Our team', smart, { filter: { companyId: people.owner.id }, tags: ['internal'] });
}
