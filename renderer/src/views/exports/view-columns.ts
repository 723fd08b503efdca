/**
 * The columns of "Export this view" (components/list-export.tsx) for the lists that offer it: what
 * each list shows of a row, with the same labels as on screen (lib/labels.ts,
 * views/companies/related-labels.ts) and times in ISO 8601 UTC.
 */
import type { CompanyRow, ContactRow, DealRow } from '../../../../preload/contract';
import { contactStateLabel, contactTypeLabel } from '../../lib/labels';
import type { ViewColumn } from '../../lib/view-csv';
import { dealCategoryLabel, dealStageLabel } from '../companies/related-labels';

/** The contacts list's columns. */
export const contactViewColumns: ReadonlyArray<ViewColumn<ContactRow>> = [
  { header: 'First name', value: (r) => r.firstName },
  { header: 'Last name', value: (r) => r.lastName },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Job title', value: (r) => r.jobTitle },
  { header: 'Company', value: (r) => r.companyName },
  { header: 'Type', value: (r) => contactTypeLabel[r.type] },
  { header: 'Status', value: (r) => contactStateLabel[r.state] },
  { header: 'City', value: (r) => r.city },
  { header: 'Country', value: (r) => r.country },
  { header: 'Updated', value: (r) => r.updatedAt },
];

/** The companies list's columns. */
export const companyViewColumns: ReadonlyArray<ViewColumn<CompanyRow>> = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Industry', value: (r) => r.industry },
  { header: 'Website', value: (r) => r.website },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Street', value: (r) => r.street },
  { header: 'Postal code', value: (r) => r.postalCode },
  { header: 'City', value: (r) => r.city },
  { header: 'Country', value: (r) => r.country },
  { header: 'Contacts', value: (r) => r.contactCount },
  { header: 'Updated', value: (r) => r.updatedAt },
];

/** The deals board's columns; amounts in minor units of their ISO 4217 currency, as the contract has them. */
export const dealViewColumns: ReadonlyArray<ViewColumn<DealRow>> = [
  { header: 'Title', value: (r) => r.title },
  { header: 'Company', value: (r) => r.companyName },
  { header: 'Contact', value: (r) => r.contactName },
  { header: 'Category', value: (r) => dealCategoryLabel[r.category] },
  { header: 'Stage', value: (r) => dealStageLabel[r.stage] },
  { header: 'Amount (minor units)', value: (r) => r.amount },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Probability (%)', value: (r) => r.probability },
  { header: 'Expected close', value: (r) => r.expectedCloseDate },
  { header: 'Owner', value: (r) => r.ownerName },
  { header: 'Updated', value: (r) => r.updatedAt },
];
