/**
 * The one redirect policy of every request the core sends to the service (client.ts; fetch with
 * `redirect: 'manual'`, Node's HTTP client and the transfer sockets never follow one themselves;
 * docs/SECURITY.md, "Connections to the service"). A redirect to another origin (scheme, host or
 * port, RFC 6454) is never followed: the request stops with a RedirectRefusedError naming both
 * origins, so a bearer token, a request body or the answer of another server (its 401 included)
 * never enters the session. A redirect on the same origin is followed at most `maxRedirects` times,
 * each hop checked again; 307 and 308 keep the method and body (RFC 9110 §15.4.8, §15.4.9), while
 * 301, 302 and 303 are followed only for GET and HEAD, since following them would turn another
 * method into a GET (RFC 9110 §15.4.2–§15.4.4), which is not the operation that was called.
 */
import { ServiceError } from '../errors';

/** The statuses that redirect to `Location` (RFC 9110 §15.4); 300 and 304 do not. */
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** The most same-origin redirects one request follows. */
export const maxRedirects = 3;

/** A redirect the core does not follow; its `status` is the redirect's. */
export class RedirectRefusedError extends ServiceError {
  constructor(message: string, status: number) {
    super('server_error', message, status);
    this.name = 'RedirectRefusedError';
  }
}

/** One hop of a request: what `followRedirects` needs of an answer. */
export interface Hop<A> {
  /** Sends the request to `url` and resolves with its answer (any status). */
  send(url: string): Promise<A>;
  status(answer: A): number;
  /** The answer's `Location` header, or null. */
  location(answer: A): string | null;
  /** Drops an answer that is not handed on (its unread body). */
  discard(answer: A): Promise<void>;
}

/**
 * Sends `method` to `url` with `hop.send`, following same-origin redirects as the module's comment
 * says, and resolves with the first answer that is not followed (a redirect without `Location`
 * included). Throws RedirectRefusedError for a redirect to another origin, one that would change the
 * method, or more than `maxRedirects` in a row; anything `hop.send` throws is thrown as is.
 */
export async function followRedirects<A>(method: string, url: string, hop: Hop<A>): Promise<A> {
  const origin = new URL(url).origin;
  let current = url;
  for (let hops = 0; ; hops++) {
    const answer = await hop.send(current);
    const status = hop.status(answer);
    const location = redirectStatuses.has(status) ? hop.location(answer) : null;
    if (location === null) return answer;
    await hop.discard(answer);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new RedirectRefusedError(
        `The BRM service at ${origin} answered ${status} with a Location that is not a URL. Try again later; if it keeps happening, contact your administrator.`,
        status,
      );
    }
    if (next.origin !== origin) {
      throw new RedirectRefusedError(
        `The BRM service at ${origin} redirected to ${next.origin}; BRM Desktop does not follow redirects to another server. Check the server URL on the sign-in screen, or ask your administrator.`,
        status,
      );
    }
    if (status !== 307 && status !== 308 && method !== 'GET' && method !== 'HEAD') {
      throw new RedirectRefusedError(
        `The BRM service at ${origin} answered a ${method} request with ${status}, which would turn it into another request; BRM Desktop does not follow it. Try again later; if it keeps happening, contact your administrator.`,
        status,
      );
    }
    if (hops >= maxRedirects) {
      throw new RedirectRefusedError(
        `The BRM service at ${origin} redirected more than ${maxRedirects} times in a row, so BRM Desktop stopped following. Try again later; if it keeps happening, contact your administrator.`,
        status,
      );
    }
    current = next.toString();
  }
}
