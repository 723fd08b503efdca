/** The companies table: the contract's Company in typed columns, its address flattened. */
import type { ApiCompany } from '../../api/types';
import { col, commonColumns, commonFields, type RecordTable } from '../../cache/record-table';

export const companiesTable: RecordTable<ApiCompany> = {
  type: 'company',
  table: 'companies',
  columns: [
    ...commonColumns<ApiCompany>(),
    col('name', (r) => r.name),
    col('industry', (r) => r.industry),
    col('website', (r) => r.website),
    col('phone', (r) => r.phone),
    col('street', (r) => r.address.street),
    col('city', (r) => r.address.city),
    col('postal_code', (r) => r.address.postalCode),
    col('country', (r) => r.address.country),
  ],
  fromRow: (row) => ({
    ...commonFields(row),
    name: row.name as string,
    industry: row.industry as string | null,
    website: row.website as string | null,
    phone: row.phone as string | null,
    address: {
      street: row.street as string | null,
      city: row.city as string | null,
      postalCode: row.postal_code as string | null,
      country: row.country as string | null,
    },
  }),
};
