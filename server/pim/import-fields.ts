/**
 * The fields an import file can fill, per target, and how `Validate File` checks their values. Length
 * limits and the contact types come from the contract's Contact, Company and Address schemas.
 */
import countries from 'i18n-iso-countries';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { components } from '../../api/generated/schema';
import { loadContract } from '../contract/spec';

/** An import target. */
export type ImportTarget = components['schemas']['ImportTarget'];
/** A contact field of an import mapping. */
export type ImportContactField = components['schemas']['ImportContactField'];
/** A company field of an import mapping. */
export type ImportCompanyField = components['schemas']['ImportCompanyField'];
/** An issue code of the validation report. */
export type IssueCode = components['schemas']['FileValidationIssueCode'];

/** How a field's value is checked; `company` values must name an existing company. */
type FieldKind = 'text' | 'email' | 'phone' | 'country' | 'url' | 'contactType' | 'company';

/** One importable field: its kind, its longest value (characters), whether every record needs it, whether it identifies a record. */
export interface FieldRule {
  kind: FieldKind;
  maxLength: number;
  required: boolean;
  /** Repeated values of this field within one file are duplicates. */
  key: boolean;
}

type SchemaProps = Record<string, { maxLength?: number }>;
const schemas = loadContract().contract.components.schemas as Record<
  string,
  { properties?: SchemaProps; enum?: string[] }
>;

/** The contract's maxLength of `Schema.property`, or `limit` itself when it is a number. */
function maxLength(limit: string | number): number {
  if (typeof limit === 'number') return limit;
  const [schema, property] = limit.split('.');
  const found = schemas[schema]?.properties?.[property]?.maxLength;
  if (found === undefined) throw new Error(`The contract gives ${limit} no maxLength.`);
  return found;
}

function rule(kind: FieldKind, limit: string | number, extra: Partial<FieldRule> = {}): FieldRule {
  return { kind, maxLength: maxLength(limit), required: false, key: false, ...extra };
}

/** The field rules of each target. */
export const importFields: {
  contact: Record<ImportContactField, FieldRule>;
  company: Record<ImportCompanyField, FieldRule>;
} = {
  contact: {
    firstName: rule('text', 'Contact.firstName', { required: true }),
    lastName: rule('text', 'Contact.lastName', { required: true }),
    email: rule('email', 'Contact.email', { key: true }),
    phone: rule('phone', 'Contact.phone'),
    jobTitle: rule('text', 'Contact.jobTitle'),
    type: rule('contactType', 20),
    companyName: rule('company', 'Company.name'),
    city: rule('text', 'Contact.city'),
    country: rule('country', 100),
  },
  company: {
    name: rule('text', 'Company.name', { required: true, key: true }),
    industry: rule('text', 'Company.industry'),
    website: rule('url', 'Company.website'),
    phone: rule('phone', 'Company.phone'),
    street: rule('text', 'Address.street'),
    city: rule('text', 'Address.city'),
    postalCode: rule('text', 'Address.postalCode'),
    country: rule('country', 100),
  },
};

/** The rule of `field` for `target`, or undefined when the target has no such field. */
export function fieldRule(target: ImportTarget, field: string): FieldRule | undefined {
  const rules = importFields[target] as Record<string, FieldRule>;
  return Object.hasOwn(rules, field) ? rules[field] : undefined;
}

/** The fields every record of `target` needs. */
export function requiredFields(target: ImportTarget): string[] {
  return Object.entries(importFields[target])
    .filter(([, r]) => r.required)
    .map(([f]) => f);
}

const contactTypes = new Set(schemas.ContactType?.enum ?? []);
const countryCodes = new Set(Object.keys(countries.getAlpha2Codes()));
const emailFormat = fullFormats.email as RegExp;
/** Phone numbers: 5 to 40 characters of digits, spaces and `+()./-`, with at least 5 digits. */
const phonePattern = /^\+?[0-9 ()./-]{5,40}$/;

function quoted(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * Checks a non-empty value against a field rule (after its transform). Returns the issue code and
 * message, or null when the value is fine. `companyExists` answers whether a company has that name.
 */
export function checkValue(
  rule: FieldRule,
  value: string,
  companyExists: (name: string) => boolean,
): { code: IssueCode; message: string } | null {
  if (value.length > rule.maxLength)
    return { code: 'tooLong', message: `The value has ${value.length} characters; at most ${rule.maxLength} fit.` };
  switch (rule.kind) {
    case 'email':
      return emailFormat.test(value)
        ? null
        : { code: 'invalidEmail', message: `${quoted(value)} is not an e-mail address.` };
    case 'phone':
      return phonePattern.test(value) && (value.match(/[0-9]/g)?.length ?? 0) >= 5
        ? null
        : { code: 'invalidPhone', message: `${quoted(value)} is not a phone number (digits, spaces and +()./- only).` };
    case 'country':
      return countryCodes.has(value)
        ? null
        : {
            code: 'invalidCountry',
            message: `${quoted(value)} is not an ISO 3166-1 alpha-2 country code (e.g. US, DE).`,
          };
    case 'url':
      return isWebAddress(value)
        ? null
        : { code: 'invalidUrl', message: `${quoted(value)} is not a web address (http:// or https://).` };
    case 'contactType':
      return contactTypes.has(value)
        ? null
        : {
            code: 'invalidValue',
            message: `${quoted(value)} is not a contact type (${[...contactTypes].join(', ')}).`,
          };
    case 'company':
      return companyExists(value)
        ? null
        : { code: 'unknownCompany', message: `No company is named ${quoted(value)}; create it first or fix the name.` };
    default:
      return null;
  }
}
