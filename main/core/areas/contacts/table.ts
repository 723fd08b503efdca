/**
 * The contacts table: the contract's Contact in typed columns, plus two derived columns:
 * `company_name` (the company's name, kept when a company is written or deleted, so lists and
 * search need no join) and `phone_rev` (the phone's digits reversed, for caller-ID search).
 */
import { reversedPhoneDigits } from '../../../../api/full-text-query';
import type { ApiCompany, ApiContact } from '../../api/types';
import { col, commonColumns, commonFields, type RecordTable } from '../../cache/record-table';

export const contactsTable: RecordTable<ApiContact> = {
  type: 'contact',
  table: 'contacts',
  columns: [
    ...commonColumns<ApiContact>(),
    col('first_name', (r) => r.firstName),
    col('last_name', (r) => r.lastName),
    col('email', (r) => r.email),
    col('phone', (r) => r.phone),
    col('phone_rev', (r) => reversedPhoneDigits(r.phone)),
    col('job_title', (r) => r.jobTitle),
    col('company_id', (r) => r.companyId),
    col('company_name', (r) => r.companyId, '(SELECT name FROM companies WHERE id = ?)'),
    col('type', (r) => r.type),
    col('state', (r) => r.state),
    col('city', (r) => r.city),
    col('country', (r) => r.country),
  ],
  derived: [
    {
      from: 'company',
      sql: 'UPDATE contacts SET company_name = ? WHERE company_id = ? AND company_name IS NOT ?',
      refreshSql: `UPDATE contacts SET company_name = (SELECT name FROM companies WHERE id = contacts.company_id)
        WHERE company_name IS NOT (SELECT name FROM companies WHERE id = contacts.company_id)`,
      onUpsert: (record) => {
        const { id, name } = record as ApiCompany;
        return [name, id, name];
      },
      onDelete: (id) => [null, id, null],
    },
  ],
  references: [{ column: 'company_id', type: 'company' }],
  listIndex: 'contacts_by_name',
  fromRow: (row) => ({
    ...commonFields(row),
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    email: row.email as string | null,
    phone: row.phone as string | null,
    jobTitle: row.job_title as string | null,
    companyId: row.company_id as string | null,
    type: row.type as ApiContact['type'],
    state: row.state as ApiContact['state'],
    city: row.city as string | null,
    country: row.country as string | null,
  }),
};
