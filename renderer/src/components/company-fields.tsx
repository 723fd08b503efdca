/**
 * The fields a company shows wherever it appears (its page, the company card on a contact's page):
 * industry, website, phone and the postal address as lines, for `FieldList`.
 */
import type { ReactNode } from 'react';
import type { Company } from '../../../preload/contract';
import { ExternalLink } from './external-link';
import type { Field } from './field-list';

/** A postal address (the contract's Address: a company's, flattened, or a branch's). */
export type PostalAddress = Pick<Company, 'street' | 'postalCode' | 'city' | 'country'>;

/** The address as the lines of a label: street; postal code and city; country. */
export function addressLines(place: PostalAddress): string[] {
  const cityLine = [place.postalCode, place.city].filter(Boolean).join(' ');
  return [place.street, cityLine, place.country].filter((line): line is string => !!line);
}

/** The address as an `<address>` of lines, for a `FieldList` value; null when it has no line. */
export function addressValue(place: PostalAddress): ReactNode {
  const lines = addressLines(place);
  if (lines.length === 0) return null;
  return (
    <address>
      {lines.map((line) => (
        <span key={line} className="address-line">
          {line}
        </span>
      ))}
    </address>
  );
}

/** The company's industry, website (a safe link), phone and address, as `FieldList` fields. */
export function companyFields(company: Company): Field[] {
  const address = addressValue(company);
  return [
    { label: 'Industry', value: company.industry },
    { label: 'Website', value: company.website ? <ExternalLink address={company.website} /> : null },
    { label: 'Phone', value: company.phone },
    { label: 'Address', value: address },
  ];
}
