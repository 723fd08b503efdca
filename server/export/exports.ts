/**
 * The five CSV exports of the `Export` group: which rows each reads and its columns (the order the
 * contract lists). Record columns come from the stored record JSON, so they match the contract.
 */
import type { Branch } from '../db/branches';
import type { Company } from '../db/companies';
import type { Contact } from '../db/contacts';
import type { Deal } from '../db/deals';
import type { Rebate } from '../db/rebates';
import { earningsSql } from '../db/rebates';
import type { CsvColumn, CsvExportSpec } from './csv-export';

/** A record read from its `data` JSON, with values joined from other tables. */
interface Joined<T> {
  record: T;
  extra: Record<string, unknown>;
}

function joined<T>(raw: Record<string, unknown>): Joined<T> {
  const { data, export_key: _key, ...extra } = raw;
  return { record: JSON.parse(data as string) as T, extra };
}

/** Columns that read the named record fields as they are. */
function fields<T>(...names: Array<keyof T & string>): Array<CsvColumn<Joined<T>>> {
  return names.map((name) => ({ header: name, value: (r) => r.record[name] as string | number | null }));
}

/** Columns that read joined values by name. */
function extras<T>(...names: string[]): Array<CsvColumn<Joined<T>>> {
  return names.map((name) => ({ header: name, value: (r) => r.extra[name] as string | number | null }));
}

/** Columns of an Address held in `address`. */
function addressColumns<T extends { address: Company['address'] }>(): Array<CsvColumn<Joined<T>>> {
  return (['street', 'city', 'postalCode', 'country'] as const).map((name) => ({
    header: name,
    value: (r) => r.record.address[name],
  }));
}

const meta = ['version', 'createdAt', 'updatedAt'] as const;

/** `Export branches`. */
export const branchExport: CsvExportSpec<Joined<Branch>> = {
  name: 'branches',
  from: 'branches b LEFT JOIN companies co ON co.id = b.company_id',
  key: 'b.rowid',
  select: 'b.data, co.name AS companyName',
  row: joined,
  columns: [
    ...fields<Branch>('id', 'companyId'),
    ...extras<Branch>('companyName'),
    ...fields<Branch>('name', 'kind'),
    ...addressColumns<Branch>(),
    ...fields<Branch>('latitude', 'longitude', 'phone', 'email', 'openingHours', ...meta),
  ],
};

/** `Export companies`. */
export const companyExport: CsvExportSpec<Joined<Company>> = {
  name: 'companies',
  from: 'companies co',
  key: 'co.rowid',
  select: 'co.data, (SELECT count(*) FROM branches b WHERE b.company_id = co.id) AS branchCount',
  row: joined,
  columns: [
    ...fields<Company>('id', 'name', 'industry', 'website', 'phone'),
    ...addressColumns<Company>(),
    ...extras<Company>('branchCount'),
    ...fields<Company>(...meta),
  ],
};

/** `Export contacts`. */
export const contactExport: CsvExportSpec<Joined<Contact>> = {
  name: 'contacts',
  from: 'contacts c LEFT JOIN companies co ON co.id = c.company_id',
  key: 'c.rowid',
  select: 'c.data, co.name AS companyName',
  row: joined,
  columns: [
    ...fields<Contact>('id', 'firstName', 'lastName', 'email', 'phone', 'jobTitle', 'companyId'),
    ...extras<Contact>('companyName'),
    ...fields<Contact>('type', 'state', 'city', 'country', ...meta),
  ],
};

/** `Export grebates`: every rebate agreement with its current totals (see `earningsSql`). */
export const grebateExport: CsvExportSpec<Joined<Rebate>> = {
  name: 'grebates',
  from: 'rebates r',
  key: 'r.rowid',
  select: `r.data, (SELECT json_array(count(*), coalesce(sum(amount), 0), coalesce(sum(earning), 0))
    FROM (${earningsSql('rb.id = r.id')})) AS totals`,
  row: (raw) => {
    const row = joined<Rebate>(raw);
    const [qualifyingDeals, dealAmount, earning] = JSON.parse(row.extra.totals as string) as number[];
    return { ...row, extra: { qualifyingDeals, dealAmount, earning } };
  },
  columns: [
    ...fields<Rebate>('id', 'name', 'kind'),
    { header: 'companyIds', value: (r) => r.record.companyIds.join(' ') },
    { header: 'categories', value: (r) => r.record.categories.join(' ') },
    ...fields<Rebate>('currency'),
    { header: 'tiers', value: (r) => r.record.tiers.map((t) => `${t.minAmount}:${t.rateBasisPoints}`).join(' ') },
    ...fields<Rebate>('periodStart', 'periodEnd'),
    ...extras<Rebate>('qualifyingDeals', 'dealAmount', 'earning'),
    ...fields<Rebate>(...meta),
  ],
};

/** `Export psas`: PSA deals. */
export const dealExport: CsvExportSpec<Joined<Deal>> = {
  name: 'psas',
  from: 'deals d LEFT JOIN companies co ON co.id = d.company_id',
  key: 'd.rowid',
  select: 'd.data, co.name AS companyName',
  row: joined,
  columns: [
    ...fields<Deal>('id', 'title', 'companyId'),
    ...extras<Deal>('companyName'),
    ...fields<Deal>(
      'contactId',
      'category',
      'stage',
      'amount',
      'currency',
      'probability',
      'expectedCloseDate',
      'ownerId',
      'closedAt',
      ...meta,
    ),
  ],
};
