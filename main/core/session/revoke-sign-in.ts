/**
 * Ends a sign-in on the service at sign-out (`revokeToken`, api/openapi.yaml; RFC 7009): revoking
 * the refresh token revokes its whole token family, the access tokens issued from it included
 * (docs/SECURITY.md, "Tokens and the keychain"). The operation needs a bearer token: the session's
 * access token while it is fresh, else one got by refreshing once, whose new refresh token is the
 * one revoked. The tokens were already forgotten by the session; this only tells the service.
 */
import { createApiClient } from '../api/client';
import { ServiceError } from '../errors';

/** The longest a sign-out waits for the service, ms: past it the sign-out reports that the service was not told. */
export const revokeWaitMs = 5000;

/** The tokens of a sign-in that just ended. */
export interface EndedSignIn {
  serverUrl: string;
  /** The refresh token the keychain held, or null when it held none. */
  refreshToken: string | null;
  /** The access token, when it is still fresh; else null. */
  accessToken: string | null;
}

/** True when `err` says that the refresh token is refused (unknown, expired or revoked): the sign-in is over on the service already. */
const refused = (err: unknown) => err instanceof ServiceError && (err.status === 400 || err.status === 401);

/**
 * Asks the service to revoke `ended`'s token family, within `waitMs`. Resolves true when the service
 * answered that it did (or refused the refresh token, so the sign-in was over already), false when
 * it could not be reached, did not answer in time, or answered otherwise. Never throws.
 */
export async function revokeSignIn(ended: EndedSignIn, waitMs = revokeWaitMs): Promise<boolean> {
  if (!ended.refreshToken) return false;
  const client = createApiClient(ended.serverUrl, null);
  const signal = AbortSignal.timeout(waitMs);
  let refreshToken = ended.refreshToken;
  /** Refreshes once: the new refresh token is the one to revoke; resolves the new access token. */
  const renew = async (): Promise<string> => {
    const tokens = await client.call('authenticateUser', {
      body: { grantType: 'refresh_token', refreshToken },
      anonymous: true,
      signal,
    });
    refreshToken = tokens.refreshToken;
    return tokens.accessToken;
  };
  const revoke = async (bearer: string): Promise<void> => {
    await client.call('revokeToken', {
      body: { token: refreshToken, tokenTypeHint: 'refresh_token' },
      headers: { authorization: `Bearer ${bearer}` },
      anonymous: true,
      signal,
    });
  };
  try {
    if (ended.accessToken) {
      try {
        await revoke(ended.accessToken);
        return true;
      } catch (err) {
        // The service no longer takes this access token: refresh once and try again.
        if (!(err instanceof ServiceError && err.status === 401)) throw err;
      }
    }
    let bearer: string;
    try {
      bearer = await renew();
    } catch (err) {
      if (refused(err)) return true;
      throw err;
    }
    await revoke(bearer);
    return true;
  } catch {
    return false;
  }
}
