/**
 * `ExternalLink`: a web address stored on a record (a company's website), shown as a link that
 * opens in a new window only when it is an `http:` or `https:` URL (`safeHref`, ../lib/safe-href.ts);
 * anything else (`javascript:`, `file:`, a typo) is shown as plain text, never made clickable. The
 * Electron shell decides what it hands to the system browser (main/electron/security.ts).
 */
import { safeHref } from '../lib/safe-href';

/** Renders `address` as a safe link (new window, no opener, no referrer), or as text when it is not http(s). */
export function ExternalLink({ address }: { address: string }) {
  const href = safeHref(address, ['web']);
  if (!href) return <span className="breakable">{address}</span>;
  return (
    <a className="breakable" href={href} target="_blank" rel="noopener noreferrer">
      {address}
      <span className="visually-hidden"> (opens in a new window)</span>
    </a>
  );
}
