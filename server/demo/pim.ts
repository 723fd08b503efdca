/** Demo import mapping files and export templates, owned by the demo user and employees. */
import type { Faker } from '@faker-js/faker';
import type { ImportMapping, PimRepo } from '../db/pim';
import type { RecordBody } from '../db/record-table';
import { exportColumnProblems } from '../pim/pim-rules';
import type { DemoPeople } from './people';
import { pastIso } from './people';

type MappingBody = Omit<RecordBody<ImportMapping>, 'ownerId'>;
type Column = ImportMapping['columns'][number];

const col = (column: string, field: Column['field'], required = false, transform: Column['transform'] = null) => ({
  column,
  field,
  required,
  transform,
});

const mappings: MappingBody[] = [
  {
    name: 'Trade fair leads',
    target: 'contact',
    columns: [
      col('First name', 'firstName', true, 'trim'),
      col('Last name', 'lastName', true, 'trim'),
      col('E-mail', 'email', false, 'lowercase'),
      col('Phone', 'phone'),
      col('Company', 'companyName'),
      col('Country', 'country', false, 'uppercase'),
    ],
  },
  {
    name: 'Webinar sign-ups',
    target: 'contact',
    columns: [
      col('first_name', 'firstName', true, 'titleCase'),
      col('last_name', 'lastName', true, 'titleCase'),
      col('email', 'email', true, 'lowercase'),
      col('job_title', 'jobTitle'),
    ],
  },
  {
    name: 'Partner contacts (CRM export)',
    target: 'contact',
    columns: [
      col('FirstName', 'firstName', true),
      col('LastName', 'lastName', true),
      col('Email', 'email', true, 'trim'),
      col('Title', 'jobTitle'),
      col('Type', 'type', false, 'lowercase'),
      col('Account', 'companyName', true),
      col('City', 'city'),
    ],
  },
  {
    name: 'Distributor list',
    target: 'company',
    columns: [
      col('Company', 'name', true, 'trim'),
      col('Industry', 'industry'),
      col('Web', 'website', false, 'lowercase'),
      col('Phone', 'phone'),
      col('Street', 'street'),
      col('City', 'city'),
      col('ZIP', 'postalCode'),
      col('Country', 'country', true, 'uppercase'),
    ],
  },
  {
    name: 'Supplier register',
    target: 'company',
    columns: [
      col('Supplier', 'name', true),
      col('Sector', 'industry'),
      col('Country code', 'country', false, 'uppercase'),
    ],
  },
];

const templates = [
  { name: 'Mailing list', target: 'contacts', columns: ['firstName', 'lastName', 'email', 'companyName', 'country'] },
  {
    name: 'Phone list',
    target: 'contacts',
    columns: ['lastName', 'firstName', 'phone', 'jobTitle', 'companyName'],
    delimiter: ';',
  },
  {
    name: 'Full contact export',
    target: 'contacts',
    columns: [
      'id',
      'firstName',
      'lastName',
      'email',
      'phone',
      'jobTitle',
      'type',
      'state',
      'companyId',
      'companyName',
      'city',
      'country',
      'createdAt',
      'updatedAt',
    ],
  },
  { name: 'Account addresses', target: 'companies', columns: ['name', 'street', 'postalCode', 'city', 'country'] },
  {
    name: 'Accounts for finance',
    target: 'companies',
    columns: ['id', 'name', 'industry', 'phone', 'country'],
    delimiter: ';',
  },
  {
    name: 'Branch directory',
    target: 'branches',
    columns: ['companyName', 'name', 'kind', 'city', 'country', 'phone', 'openingHours'],
  },
  { name: 'Branch geodata', target: 'branches', columns: ['id', 'name', 'latitude', 'longitude'] },
  {
    name: 'Pipeline review',
    target: 'psas',
    columns: ['title', 'companyName', 'stage', 'amount', 'currency', 'expectedCloseDate'],
  },
  {
    name: 'Deals for controlling',
    target: 'psas',
    columns: ['id', 'category', 'amount', 'currency', 'ownerId'],
    delimiter: '\t',
  },
  {
    name: 'Rebate earnings by period',
    target: 'grebates',
    columns: ['name', 'periodStart', 'periodEnd', 'dealAmount', 'earning', 'currency'],
  },
] as const;

/** Writes the demo import mappings and export templates. */
export function seedPim(pim: PimRepo, f: Faker, now: number, people: DemoPeople): void {
  const owners = [people.demoUser, ...people.employees.slice(0, 3)];
  for (const m of mappings) {
    const at = pastIso(f, now, 5, 300);
    pim.saveMapping(
      f.string.uuid(),
      { ...m, ownerId: f.helpers.arrayElement(owners).id },
      { createdAt: at, updatedAt: at },
    );
  }
  for (const t of templates) {
    if (exportColumnProblems(t.target, t.columns).length)
      throw new Error(`The demo export template "${t.name}" has columns its target's export does not have.`);
    const at = pastIso(f, now, 5, 300);
    pim.saveTemplate(
      f.string.uuid(),
      {
        name: t.name,
        target: t.target,
        columns: [...t.columns],
        delimiter: 'delimiter' in t ? t.delimiter : ',',
        ownerId: f.helpers.arrayElement(owners).id,
      },
      { createdAt: at, updatedAt: at },
    );
  }
}
