/**
 * A company's logo (`companies.logo`: a `data:` URL fetched once and kept), or its initials while
 * there is none (offline before the first fetch, or while it loads). Decorative: the company's name
 * is always shown next to it.
 */
import { useBridgeQuery } from '../../lib/use-bridge-query';

/** Up to two initials of a company name: "Nordwind Logistics" → "NL", "Atlas" → "AT", "" → "?". */
export function companyInitials(name: string): string {
  // Words that start with a letter or digit: "Ankunding - Thompson" → "AT", not "A-".
  const words = name.split(/\s+/).filter((word) => /^[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return '?';
  const letters = words.length > 1 ? `${words[0][0]}${words[1][0]}` : words[0].slice(0, 2);
  return letters.toUpperCase();
}

/** The initials badge of a company (list rows, and the page until the logo arrives). */
export function CompanyInitials({ name, size = 'small' }: { name: string; size?: 'small' | 'large' }) {
  return (
    <span className={`company-initials company-initials-${size}`} aria-hidden="true">
      {companyInitials(name)}
    </span>
  );
}

/** Renders company `id`'s logo, falling back to the initials of `name`. */
export function CompanyLogo({ id, name }: { id: string; name: string }) {
  const { data } = useBridgeQuery('companies.logo', { id });
  if (!data?.dataUrl) return <CompanyInitials name={name} size="large" />;
  return <img className="company-logo" src={data.dataUrl} alt="" width={64} height={64} />;
}
