/** Demo companies and contacts, including the demo user and the owner's employees. */
import type { Faker } from '@faker-js/faker';
import type { Company } from '../db/companies';
import type { Contact } from '../db/contacts';
import type { ServiceStore } from '../db/store';
import { cities, demoUser, employeeTitles, industries, ownerCompany } from './vocabulary';

/** What later demo steps need to know about the people created. */
export interface DemoPeople {
  owner: Company;
  demoUser: Contact;
  employees: Contact[];
  companies: Company[];
  /** Contacts of each company (not the owner's), by company id. */
  contactsByCompany: Map<string, Contact[]>;
}

const relationships: Array<[Contact['type'], number]> = [
  ['customer', 0.45],
  ['prospect', 0.25],
  ['partner', 0.15],
  ['supplier', 0.15],
];

/** Lower-case ASCII letters and digits only, for e-mail local parts and domains. */
function slug(text: string, separator: '' | '-' = ''): string {
  const s = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator);
  return separator ? s.replace(/^-+|-+$/g, '') : s;
}

function digits(f: Faker, pattern: string): string {
  return pattern.replace(/#/g, () => String(f.number.int(9)));
}

/** A past moment (ISO 8601) between `minDays` and `maxDays` before `now`. */
export function pastIso(f: Faker, now: number, minDays: number, maxDays: number): string {
  return new Date(now - f.number.int({ min: minDays * 86_400_000, max: maxDays * 86_400_000 })).toISOString();
}

/** Creates the owner company, the demo user (also a sign-in user), employees, companies and contacts. */
export function seedPeople(
  store: ServiceStore,
  f: Faker,
  now: number,
  counts: { contacts: number; companies: number },
): DemoPeople {
  const created = pastIso(f, now, 700, 730);
  const { domain, ...ownerBody } = ownerCompany;
  const owner = store.companies.save(
    f.string.uuid(),
    { ...ownerBody, address: { ...ownerBody.address } },
    {
      createdAt: created,
      updatedAt: created,
    },
  );
  const employeeCount = Math.max(1, Math.min(25, Math.round(counts.contacts / 80)));
  const employees: Contact[] = [];
  const makeEmployee = (firstName: string, lastName: string, email: string, jobTitle: string) => {
    const at = pastIso(f, now, 30, 700);
    return store.contacts.save(
      f.string.uuid(),
      {
        firstName,
        lastName,
        email,
        phone: `+1 828 555 ${digits(f, '01##')}`,
        jobTitle,
        companyId: owner.id,
        type: 'employee',
        state: 'active',
        city: 'Asheville',
        country: 'US',
      },
      { companyName: owner.name, createdAt: at, updatedAt: at },
    );
  };
  const dana = makeEmployee(demoUser.firstName, demoUser.lastName, demoUser.email, demoUser.jobTitle);
  store.users.create(dana, demoUser.email, demoUser.password, ['sales', 'manager']);
  employees.push(dana);
  for (let i = 1; i < employeeCount; i++) {
    const firstName = f.person.firstName();
    const lastName = f.person.lastName();
    employees.push(
      makeEmployee(
        firstName,
        lastName,
        `${slug(firstName)}.${slug(lastName)}@${domain}`,
        f.helpers.arrayElement(employeeTitles),
      ),
    );
  }

  const companies: Company[] = [];
  const relationOf = new Map<string, Contact['type']>();
  const dialOf = new Map<string, string>();
  for (let i = 0; i < Math.max(0, counts.companies - 1); i++) {
    const name = f.company.name();
    const place = f.helpers.arrayElement(cities);
    const at = pastIso(f, now, 1, 720);
    const company = store.companies.save(
      f.string.uuid(),
      {
        name,
        industry: f.helpers.arrayElement(industries),
        website: f.number.int(9) === 0 ? null : `https://www.${slug(name, '-')}.example`,
        phone: `${place.dial} ${digits(f, '### ####')}`,
        address: {
          street: f.location.streetAddress(),
          city: place.city,
          postalCode: digits(f, place.postal),
          country: place.country,
        },
      },
      { createdAt: pastIso(f, now, 720, 1400), updatedAt: at },
    );
    companies.push(company);
    dialOf.set(company.id, place.dial);
    relationOf.set(
      company.id,
      f.helpers.weightedArrayElement(relationships.map(([value, weight]) => ({ value, weight }))),
    );
  }

  const contactsByCompany = new Map<string, Contact[]>();
  const remaining = Math.max(0, counts.contacts - employees.length);
  for (let i = 0; i < remaining; i++) {
    const company = companies.length ? companies[i < companies.length ? i : f.number.int(companies.length - 1)] : owner;
    const firstName = f.person.firstName();
    const lastName = f.person.lastName();
    const domain = company.website ? company.website.replace('https://www.', '') : `${slug(company.name, '-')}.example`;
    const at = pastIso(f, now, 0, 700);
    const contact = store.contacts.save(
      f.string.uuid(),
      {
        firstName,
        lastName,
        email: f.number.int(19) === 0 ? null : `${slug(firstName)}.${slug(lastName)}@${domain}`,
        phone: f.number.int(9) === 0 ? null : `${dialOf.get(company.id) ?? '+1 828'} ${digits(f, '### ####')}`,
        jobTitle: f.number.int(14) === 0 ? null : f.person.jobTitle(),
        companyId: company.id,
        type: relationOf.get(company.id) ?? 'customer',
        state: f.number.int(9) === 0 ? 'archived' : 'active',
        city: company.address.city,
        country: company.address.country,
      },
      { companyName: company.name, createdAt: pastIso(f, now, 700, 1400), updatedAt: at },
    );
    const list = contactsByCompany.get(company.id);
    if (list) list.push(contact);
    else contactsByCompany.set(company.id, [contact]);
  }
  return { owner, demoUser: dana, employees, companies, contactsByCompany };
}
