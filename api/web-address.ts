/**
 * The web address rule of the contract (`api/openapi.yaml`, `CompanySave.website`): an absolute URL
 * whose scheme is `http` or `https` (RFC 3986 §3.1: schemes are case-insensitive). `format: uri` alone
 * lets `javascript:` and `file:` URLs through; this `pattern` beside it does not. Shared by the
 * service (its words for a refused value) and the client's forms.
 */

/** The contract's `pattern` of a web address field (with `format: uri`). */
export const webAddressPattern = '^[Hh][Tt][Tt][Pp][Ss]?://';

/** The words for a failed `pattern` that is the web address rule, or null for any other pattern. */
export function webAddressPatternMessage(pattern: string): string | null {
  // A compiled RegExp's source or text escapes `/` (`\/`) and may come between slashes.
  const bare = pattern.replace(/^\/(.*)\/[a-z]*$/, '$1').replaceAll('\\/', '/');
  return bare === webAddressPattern ? 'must be a web address starting with http:// or https://' : null;
}
