/**
 * Field names as the user knows them, per record type: the labels of the forms, used wherever a
 * field is named outside its form (conflicts, refusals in the pending-changes panel). Keys are the
 * contract's field names (api/openapi.yaml); nested fields are dotted as the outbox's merge names
 * them (`address.city`, main/core/writes/merge.ts).
 */
import type { OutboxEntry } from '../../../preload/contract';
import { formatDateTime } from './format';
import {
  contactStateLabel,
  contactTypeLabel,
  documentStateLabel,
  eventStatusLabel,
  notificationStateLabel,
} from './labels';

/** A record type an outbox entry can be about. */
export type EditedType = OutboxEntry['recordType'];

/** The labels of a contact's fields (the contact form uses the same words). */
export const contactFieldLabels = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  jobTitle: 'Job title',
  companyId: 'Company',
  type: 'Type',
  state: 'Status',
  city: 'City',
  country: 'Country',
} as const;

const labels: Record<EditedType, Record<string, string>> = {
  contact: contactFieldLabels,
  company: {
    name: 'Name',
    industry: 'Industry',
    website: 'Website',
    phone: 'Phone',
    'address.street': 'Street',
    'address.postalCode': 'Postal code',
    'address.city': 'City',
    'address.country': 'Country',
  },
  calendarEvent: {
    title: 'Title',
    description: 'Description',
    location: 'Location',
    startsAt: 'Starts',
    endsAt: 'Ends',
    allDay: 'All day',
    status: 'Status',
  },
  document: { name: 'File name', title: 'Title', state: 'Approval', folderId: 'Folder' },
  folder: { name: 'Name', parentId: 'Parent folder' },
  notification: { state: 'Status', title: 'Title', body: 'Message' },
  comment: { text: 'Note' },
};

/** "jobTitle" → "Job title", "address.city" → "Address city": words for a field no table names. */
function humanize(field: string): string {
  const words = field
    .replace(/\./g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The label of `field` of a record of `type`; accepts a JSON pointer (`/contact/email`, `/address/city`)
 * or a dotted name (`address.city`).
 */
export function fieldLabel(type: EditedType, field: string): string {
  const name = field.startsWith('/')
    ? field
        .slice(1)
        .replace(/^(contact|company|event)\//, '')
        .replace(/\//g, '.')
    : field;
  return labels[type][name] ?? labels[type][name.split('.').pop() ?? name] ?? humanize(name);
}

const enumLabels: Partial<Record<EditedType, Record<string, Record<string, string>>>> = {
  contact: { type: contactTypeLabel, state: contactStateLabel },
  calendarEvent: { status: eventStatusLabel },
  document: { state: documentStateLabel },
  notification: { state: notificationStateLabel },
};

const countryNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

/** The name of an ISO 3166-1 alpha-2 country code ("DE" → "Germany"), or null when it names none. */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  try {
    const name = countryNames?.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/**
 * A field's value in words: enumerations by their labels, dates formatted, yes/no for booleans,
 * a country with its name. Null for an empty value (callers show "empty"). Record ids (a contact's
 * company) are left to the caller, which can look the record up.
 */
export function describeValue(type: EditedType, field: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const name = field.split('.').pop() ?? field;
  const named = enumLabels[type]?.[field]?.[String(value)];
  if (named) return named;
  if (typeof value === 'string') {
    if ((name === 'startsAt' || name === 'endsAt') && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    if (name === 'country') {
      const country = countryName(value);
      return country ? `${country} (${value})` : value;
    }
    return value;
  }
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}
