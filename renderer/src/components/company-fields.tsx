/**
 * The fields a company shows wherever it appears (its page, the company card on a contact's page):
 * industry, website, phone and the postal address as lines, for `FieldList`.
 */
import type { ReactNode } from 'react';
import type { Company } from '../../../preload/contract';
import { ExternalLink } from './external-link';
import type { Field } from './field-list';

/** The address of `company` as the lines of a label: street; postal code and city; country. */
export function addressLines(company: Company): string[] {
  const cityLine = [company.postalCode, company.city].filter(Boolean).join(' ');
  return [company.street, cityLine, company.country].filter((line): line is string => !!line);
}

/** The company's industry, website (a safe link), phone and address, as `FieldList` fields. */
export function companyFields(company: Company): Field[] {
  const lines = addressLines(company);
  const address: ReactNode =
    lines.length > 0 ? (
      <address>
        {lines.map((line) => (
          <span key={line} className="address-line">
            {line}
          </span>
        ))}
      </address>
    ) : null;
  return [
    { label: 'Industry', value: company.industry },
    { label: 'Website', value: company.website ? <ExternalLink address={company.website} /> : null },
    { label: 'Phone', value: company.phone },
    { label: 'Address', value: address },
  ];
}
