/**
 * `ExternalLink`: a web address stored on a record (a company's website), shown as a link that
 * opens in a new window only when it is an `http:` or `https:` URL; anything else (`javascript:`,
 * `file:`, a typo) is shown as plain text, never made clickable. The Electron shell decides what it
 * hands to the system browser (main/electron/security.ts).
 */

/** The href of `address` when it parses as an absolute http(s) URL, else null. */
export function webHref(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Renders `address` as a safe link (new window, no opener, no referrer), or as text when it is not http(s). */
export function ExternalLink({ address }: { address: string }) {
  const href = webHref(address);
  if (!href) return <span className="breakable">{address}</span>;
  return (
    <a className="breakable" href={href} target="_blank" rel="noopener noreferrer">
      {address}
      <span className="visually-hidden"> (opens in a new window)</span>
    </a>
  );
}
