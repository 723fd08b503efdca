/**
 * The contact form's values and their mapping to the contract's ContactSave (api/openapi.yaml):
 * every field is a string while typed; blank optional fields are sent as null, names and text are
 * trimmed, a country code is upper-cased. The company's name rides along (not sent) so a restored
 * draft still shows which company was picked.
 */
import type { ContactDetail, ContactSave, ContactType } from '../../../../preload/contract';
import type { contactFieldLabels } from '../../lib/field-labels';

/** What the form holds, one string per field. */
export type ContactFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  jobTitle: string;
  companyId: string;
  /** Shown in the company field; never sent. */
  companyName: string;
  type: ContactType;
  city: string;
  country: string;
};

/** The form's fields that are sent (every ContactSave field but `id`; a contact's status has its own action). */
export type ContactFormField = Exclude<keyof typeof contactFieldLabels, 'state'>;

/** The values of `contact`, or of a new contact (a customer, no company) when null. */
export function contactFormValues(contact: ContactDetail | null): ContactFormValues {
  return {
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    jobTitle: contact?.jobTitle ?? '',
    companyId: contact?.companyId ?? '',
    companyName: contact?.companyName ?? contact?.company?.name ?? '',
    type: contact?.type ?? 'customer',
    city: contact?.city ?? '',
    country: contact?.country ?? '',
  };
}

const optional = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** The ContactSave the values describe (with `id` when editing). Not validated here: the form's schema does that. */
export function toContactSave(values: ContactFormValues, id: string | null): ContactSave {
  return {
    ...(id ? { id } : {}),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: optional(values.email),
    phone: optional(values.phone),
    jobTitle: optional(values.jobTitle),
    companyId: values.companyId || null,
    type: values.type,
    city: optional(values.city),
    country: optional(values.country)?.toUpperCase() ?? null,
  };
}

/**
 * A field message as a sentence: a predicate is given its field ("E-mail", "must be an e-mail
 * address…" → "E-mail must be an e-mail address…"), an instruction is capitalised ("choose a
 * company from the list" → "Choose a company from the list."), a sentence is kept as it is.
 */
export function fieldSentence(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (/^[A-Z]/.test(message)) return message;
  const predicate = /^(is|are|must|has|have|expected|should|cannot|can't|may|does|needs?)\b/.test(message);
  const sentence = predicate ? `${label} ${message}` : message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
