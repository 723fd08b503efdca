/**
 * Demo data of the contacts area: an administrator and two more sales users (promoted employees), the permission grants
 * of every user's roles, the demo user's saved settings, saved contact queries, and a few stored
 * pictures (company logos as WebP, contact portraits as JPEG) so clients show both stored and
 * generated images.
 */
import type { Faker } from '@faker-js/faker';
import sharp from 'sharp';
import type { AreaSeedContext } from './seed-context';
import type { ContactQuery } from '../db/contact-queries';
import type { Contact } from '../db/contacts';
import { grantsOfRoles } from '../db/permissions';
import type { ServiceRepos } from '../db/service-repos';
import { colourOf } from '../files/initials-image';
import type { DemoPeople } from './people';
import { pastIso } from './people';
import { ownerCompany } from './vocabulary';

/** The demo administrator's sign-in (role `admin`; a sign-in name of its own, not the contact's e-mail). */
export const demoAdminCredentials = { username: `admin@${ownerCompany.domain}`, password: 'brm-admin-2026' };
/** The password of the demo sales users (role `sales`) besides the demo user; they sign in with their e-mail. */
export const demoSalesPassword = 'brm-sales-2026';

/** The sign-in names of the demo sales users (not the demo user), in the order they were made users. */
export function demoSalesLogins(repos: Pick<ServiceRepos, 'sessions'>): string[] {
  return repos.sessions
    .accounts()
    .filter((a) => a.roles.length === 1 && a.roles[0] === 'sales')
    .map((a) => a.email);
}

/**
 * Makes up to three of the owner's employees (besides the demo user) users: an administrator and two
 * sales users. Existing employees are promoted, so the demo set keeps its number of contacts.
 */
function promoteStaff(ctx: AreaSeedContext): Contact[] {
  const { store, people } = ctx;
  const staff = people.employees.filter((e) => e.id !== people.demoUser.id && e.email).slice(0, 3);
  return staff.map((contact, i) => {
    if (i === 0) store.users.create(contact, demoAdminCredentials.username, demoAdminCredentials.password, ['admin']);
    else store.users.create(contact, contact.email as string, demoSalesPassword, ['sales']);
    return contact;
  });
}

function grantRoleDefaults(repos: Pick<ServiceRepos, 'sessions' | 'permissions'>, f: Faker, now: number): void {
  for (const account of repos.sessions.accounts()) {
    const at = pastIso(f, now, 30, 400);
    for (const permission of grantsOfRoles(account.roles)) repos.permissions.grant(account.id, permission, null, at);
  }
}

function savedQueries(
  people: DemoPeople,
  ownerId: string,
  adminId: string | undefined,
): Array<Omit<ContactQuery, 'id' | 'version' | 'createdAt' | 'updatedAt'>> {
  const none = {
    q: null,
    type: null,
    state: null,
    companyId: null,
    city: null,
    country: null,
    sort: 'lastName' as const,
  };
  const firstCompany = people.companies[0];
  const mine = (name: string, description: string | null, filter: Partial<ContactQuery['filter']>, shared = false) => ({
    name,
    description,
    ownerId,
    shared,
    filter: { ...none, ...filter },
  });
  return [
    mine('Active customers in Germany', 'Customers for the Munich trade fair invitations.', {
      type: 'customer',
      state: 'active',
      country: 'DE',
    }),
    mine('Prospects in London', null, { type: 'prospect', city: 'London' }),
    mine('Archived contacts', 'Review once a quarter: restore or delete.', { state: 'archived', sort: '-updatedAt' }),
    mine('Partners, recently changed', null, { type: 'partner', sort: '-updatedAt' }, true),
    mine('Suppliers in the US', null, { type: 'supplier', country: 'US' }),
    mine(
      'Search: group',
      'Contacts whose name, e-mail or company has a word starting with "group".',
      { q: 'group' },
      true,
    ),
    ...(firstCompany
      ? [mine(`Contacts at ${firstCompany.name}`.slice(0, 120), null, { companyId: firstCompany.id, state: 'active' })]
      : []),
    {
      name: 'Our employees',
      description: 'Everyone at the owner company.',
      ownerId: adminId ?? ownerId,
      shared: true,
      filter: { ...none, type: 'employee' as const },
    },
    ...(adminId
      ? [
          {
            name: 'Contacts to clean up',
            description: null,
            ownerId: adminId,
            shared: false,
            filter: { ...none, state: 'archived' as const, sort: '-updatedAt' as const },
          },
        ]
      : []),
  ];
}

function logoSvg(colour: string, f: Faker): string {
  const sides = f.number.int({ min: 3, max: 8 });
  const points = Array.from({ length: sides }, (_, i) => {
    const a = (2 * Math.PI * i) / sides - Math.PI / 2;
    return `${(128 + 80 * Math.cos(a)).toFixed(1)},${(128 + 80 * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#ffffff"/><polygon points="${points}" fill="${colour}"/><circle cx="128" cy="128" r="34" fill="#ffffff"/></svg>`;
}

function portraitSvg(colour: string, f: Faker): string {
  const skin = f.helpers.arrayElement(['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac']);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe7ef"/><stop offset="1" stop-color="#9fb3c8"/></linearGradient></defs><rect width="256" height="256" fill="url(#g)"/><ellipse cx="128" cy="250" rx="96" ry="70" fill="${colour}"/><circle cx="128" cy="110" r="52" fill="${skin}"/></svg>`;
}

/**
 * Starts rendering a few stored pictures (on sharp's worker threads, so it overlaps the seeding that
 * follows); the returned function stores them once rendered.
 */
function renderPictures(
  f: Faker,
  now: number,
  people: DemoPeople,
): Promise<(repos: Pick<ServiceRepos, 'avatarImages'>) => void> {
  const logos = people.companies.slice(0, 4);
  const faces = [
    people.demoUser,
    ...people.employees.slice(1, 3),
    ...[...people.contactsByCompany.values()].slice(0, 3).map((c) => c[0]),
  ];
  const times = [...logos, ...faces].map(() => pastIso(f, now, 10, 300));
  const rendered = Promise.all([
    ...logos.map((c) =>
      sharp(Buffer.from(logoSvg(colourOf(c.id), f)))
        .webp({ quality: 80 })
        .toBuffer(),
    ),
    ...faces.map((c) =>
      sharp(Buffer.from(portraitSvg(colourOf(c.id), f)))
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  ]);
  return rendered.then((images) => (repos) => {
    for (const [i, c] of logos.entries()) repos.avatarImages.put('company', c.id, 'image/webp', images[i], times[i]);
    for (const [i, c] of faces.entries()) {
      const k = logos.length + i;
      repos.avatarImages.put('contact', c.id, 'image/jpeg', images[k], times[k]);
    }
  });
}

/** Seeds the contacts area's demo data (see the file comment). */
export async function seedContactsArea(ctx: AreaSeedContext): Promise<void> {
  const { repos, f, now, people } = ctx;
  const pictures = renderPictures(f, now, people);
  const users = promoteStaff(ctx);
  grantRoleDefaults(repos, f, now);
  repos.contactSettings.save(
    people.demoUser.id,
    {
      locale: 'en-US',
      timeZone: 'America/New_York',
      dateFormat: 'MM/dd/yyyy',
      timeFormat: '12h',
      firstDayOfWeek: 'sunday',
      defaultCalendarView: 'week',
      pageSize: 100,
      mutedNotificationKinds: ['campaignSent'],
    },
    pastIso(f, now, 5, 60),
  );
  for (const query of savedQueries(people, people.demoUser.id, users[0]?.id)) {
    repos.contactQueries.save(f.string.uuid(), query, pastIso(f, now, 10, 200));
  }
  (await pictures)(repos);
}
