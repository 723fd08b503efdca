/** Validation of the server URL a user types on the sign-in screen. */
import { BridgeError } from '../../../preload/contract';

/**
 * Returns the canonical base URL for `input` (http or https, no credentials, query or fragment,
 * no trailing slash; a path prefix is kept). A bare host name ("brm.example.com", "localhost:8080")
 * gets https://.
 * Throws BridgeError('invalid_input') with what to type instead.
 */
export function normalizeServerUrl(input: string): string {
  const trimmed = input.trim();
  const example = 'Type it like https://brm.example.com';
  if (trimmed.length === 0) throw new BridgeError('invalid_input', `The server URL is empty. ${example}.`);
  const bareHost = /^([a-z0-9-]+(\.[a-z0-9-]+)+|localhost)(:\d{1,5})?(\/\S*)?$/i.test(trimmed);
  const withScheme = bareHost ? `https://${trimmed}` : trimmed;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new BridgeError('invalid_input', `"${trimmed}" is not a valid server URL. ${example}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BridgeError(
      'invalid_input',
      `The server URL must start with https:// or http://, not ${url.protocol}//. ${example}.`,
    );
  }
  if (!url.hostname)
    throw new BridgeError('invalid_input', `The server URL "${trimmed}" has no host name. ${example}.`);
  if (url.username || url.password) {
    throw new BridgeError(
      'invalid_input',
      'The server URL must not contain a user name or password; enter them in the sign-in form.',
    );
  }
  if (url.search || url.hash)
    throw new BridgeError('invalid_input', `The server URL must not contain "?" or "#" parts. ${example}.`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
