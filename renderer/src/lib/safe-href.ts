/**
 * The one gate for addresses that come with data (a company's website, a link in an e-mail, a URL the
 * core hands back) before the renderer makes them a link or opens them: only the schemes asked for
 * pass (`web`: `http:` and `https:`; `email`: `mailto:`; `phone`: `tel:`), anything else (`javascript:`,
 * `data:`, `file:`, a relative path, a typo) gives null, and the caller shows the address as plain
 * text. The contract refuses other schemes in web address fields (`api/web-address.ts`), but records
 * stored before, or sent by another service, may still hold them.
 */

/** The kinds of link the renderer makes. */
export type LinkKind = 'web' | 'email' | 'phone';

const schemesOf: Record<LinkKind, readonly string[]> = {
  web: ['http:', 'https:'],
  email: ['mailto:'],
  phone: ['tel:'],
};

/**
 * The URL of `address` to put in an `href` or open, when it parses as an absolute URL (WHATWG URL)
 * with a scheme of one of `kinds` (default: web); else null.
 */
export function safeHref(address: string | null | undefined, kinds: readonly LinkKind[] = ['web']): string | null {
  if (!address) return null;
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  return kinds.some((kind) => schemesOf[kind].includes(url.protocol)) ? url.href : null;
}

/** Opens `address` in a new window (no opener) when it is a web URL; does nothing for any other. */
export function openUrl(address: string): void {
  const href = safeHref(address, ['web']);
  if (href) window.open(href, '_blank', 'noopener');
}
