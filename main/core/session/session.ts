/**
 * The session (docs/ARCHITECTURE.md): signs in with a password grant, keeps the refresh token in the keychain
 * (account `<serverUrl> <username>`) and the access token only in memory, refreshes on expiry or
 * after a 401 (once, single-flight; the refresh token rotates), and restores itself on start.
 * Server URL, user name and the signed-in user are kept in the cache's settings. Signing out forgets
 * the tokens at once and then asks the service to revoke the sign-in (revoke-sign-in.ts).
 */
import { BridgeError, type SessionState, type SignedInUser, type SignOutResult } from '../../../preload/contract';
import { type ApiClient, createApiClient, type TokenSource } from '../api/client';
import type { ApiAuthTokens } from '../api/types';
import type { StateStore } from '../cache/state-store';
import { ServiceError, signedOutError } from '../errors';
import type { Keychain } from '../platform';
import { revokeSignIn } from './revoke-sign-in';
import { normalizeServerUrl } from './server-url';

/** Why the session changed, for the core to start or stop syncing and clear data. */
export type SessionChange = 'signedIn' | 'signedOut' | 'expired';

/** Hooks the core gives the session. */
export interface SessionHooks {
  /** Before a sign-in as another user or server, and on sign-out: stop work and delete the user's data. */
  clearUserData(): Promise<void>;
  /** After every change of the state. */
  changed(state: SessionState, change: SessionChange): void;
}

/** The session, also the token source of its API client. */
export interface Session {
  state(): SessionState;
  /** The client of the signed-in service; throws BridgeError('unauthorized') when signed out. */
  api(): ApiClient;
  /** Restores a saved session (no network: the first call refreshes the access token). */
  restore(): Promise<SessionState>;
  signIn(serverUrl: string, username: string, password: string): Promise<SessionState>;
  /**
   * Forgets the tokens (memory and keychain) and the user's data, then asks the service to revoke
   * the sign-in; `endedOnService` says whether it did (false when offline or refused).
   */
  signOut(): Promise<SignOutResult>;
}

/** Refresh the access token this long before it expires, ms. */
const expirySlackMs = 30_000;
const keys = { serverUrl: 'serverUrl', username: 'username', user: 'user' } as const;

interface Signed {
  serverUrl: string;
  username: string;
  user: SignedInUser;
  client: ApiClient;
  accessToken: string | null;
  expiresAtMs: number;
}

const accountOf = (serverUrl: string, username: string): string => `${serverUrl} ${username}`;

function toUser(tokens: ApiAuthTokens): SignedInUser {
  const { id, firstName, lastName, email } = tokens.user;
  return { id, firstName, lastName, email };
}

/** Creates the session over the settings in `state` and the `keychain`. */
export function createSession(state: StateStore, keychain: Keychain, hooks: SessionHooks): Session {
  let signed: Signed | null = null;
  let refreshing: Promise<string> | null = null;

  const current = (): SessionState =>
    signed
      ? { state: 'signedIn', serverUrl: signed.serverUrl, user: signed.user, keychain: keychain.kind }
      : { state: 'signedOut', serverUrl: state.getSetting(keys.serverUrl), keychain: keychain.kind };

  function accept(session: Signed, tokens: ApiAuthTokens): string {
    session.accessToken = tokens.accessToken;
    session.expiresAtMs = Date.parse(tokens.expiresAt);
    session.user = toUser(tokens);
    state.setSetting(keys.user, JSON.stringify(session.user));
    return tokens.accessToken;
  }

  async function end(change: 'signedOut' | 'expired'): Promise<void> {
    const ended = signed;
    signed = null;
    if (ended) await keychain.remove(accountOf(ended.serverUrl, ended.username));
    if (change === 'signedOut') {
      await hooks.clearUserData();
      state.setSetting(keys.username, null);
      state.setSetting(keys.user, null);
    }
    hooks.changed(current(), change);
  }

  async function refresh(session: Signed): Promise<string> {
    const account = accountOf(session.serverUrl, session.username);
    const refreshToken = await keychain.get(account);
    if (!refreshToken) {
      if (signed === session) await end('expired');
      throw signedOutError();
    }
    let tokens: ApiAuthTokens;
    try {
      tokens = await session.client.call('authenticateUser', {
        body: { grantType: 'refresh_token', refreshToken },
        anonymous: true,
      });
    } catch (err) {
      if (err instanceof ServiceError && (err.status === 401 || err.status === 400)) {
        if (signed === session) await end('expired');
        throw signedOutError();
      }
      throw err;
    }
    // Signed out meanwhile: the new tokens are not kept (sign-out revokes their family).
    if (signed !== session) throw signedOutError();
    await keychain.set(account, tokens.refreshToken);
    return accept(session, tokens);
  }

  function refreshOnce(session: Signed): Promise<string> {
    if (!refreshing) refreshing = refresh(session).finally(() => (refreshing = null));
    return refreshing;
  }

  function active(): Signed {
    if (!signed) throw new BridgeError('unauthorized', 'You are signed out. Sign in to continue.');
    return signed;
  }

  const tokens: TokenSource = {
    async accessToken() {
      const session = active();
      if (session.accessToken && session.expiresAtMs - expirySlackMs > Date.now()) return session.accessToken;
      return refreshOnce(session);
    },
    async renew(rejected) {
      const session = active();
      if (session.accessToken && session.accessToken !== rejected) return session.accessToken;
      session.accessToken = null;
      return refreshOnce(session);
    },
    async ended() {
      if (signed) await end('expired');
      return signedOutError();
    },
  };

  return {
    state: current,
    api: () => active().client,

    async restore() {
      const serverUrl = state.getSetting(keys.serverUrl);
      const username = state.getSetting(keys.username);
      const user = state.getSetting(keys.user);
      if (serverUrl && username && user && (await keychain.get(accountOf(serverUrl, username)))) {
        const client = createApiClient(serverUrl, tokens);
        signed = {
          serverUrl,
          username,
          user: JSON.parse(user) as SignedInUser,
          client,
          accessToken: null,
          expiresAtMs: 0,
        };
        hooks.changed(current(), 'signedIn');
      }
      return current();
    },

    async signIn(serverUrlInput, usernameInput, password) {
      const serverUrl = normalizeServerUrl(serverUrlInput);
      const username = usernameInput.trim();
      const anonymous = createApiClient(serverUrl, null);
      let answer: ApiAuthTokens;
      try {
        answer = await anonymous.call('authenticateUser', {
          body: { grantType: 'password', username, password },
          anonymous: true,
        });
      } catch (err) {
        throw signInError(err, serverUrl);
      }
      const sameUser = state.getSetting(keys.serverUrl) === serverUrl && state.getSetting(keys.username) === username;
      if (signed) {
        const previous = signed;
        signed = null;
        await keychain.remove(accountOf(previous.serverUrl, previous.username));
      }
      if (!sameUser) await hooks.clearUserData();
      try {
        await keychain.set(accountOf(serverUrl, username), answer.refreshToken);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new BridgeError(
          'internal',
          `BRM Desktop could not keep your sign-in in the system keychain (${reason}). Unlock the keychain and sign in again.`,
        );
      }
      state.setSetting(keys.serverUrl, serverUrl);
      state.setSetting(keys.username, username);
      const session: Signed = {
        serverUrl,
        username,
        user: toUser(answer),
        client: createApiClient(serverUrl, tokens),
        accessToken: null,
        expiresAtMs: 0,
      };
      accept(session, answer);
      signed = session;
      hooks.changed(current(), 'signedIn');
      return current();
    },

    async signOut() {
      const ending = signed;
      let endedOnService = true;
      if (ending) {
        const account = accountOf(ending.serverUrl, ending.username);
        const refreshToken = await keychain.get(account).catch(() => null);
        const { accessToken, expiresAtMs } = ending;
        // Forgotten at once (end() removes the keychain entry), whether or not the service answers.
        await end('signedOut');
        endedOnService = await revokeSignIn({
          serverUrl: ending.serverUrl,
          refreshToken,
          accessToken: accessToken && expiresAtMs - expirySlackMs > Date.now() ? accessToken : null,
        });
      } else {
        await end('signedOut');
      }
      const state = current();
      return { state: 'signedOut', serverUrl: state.serverUrl, keychain: state.keychain, endedOnService };
    },
  };
}

/** The user-facing error of a failed password sign-in at `serverUrl`. */
function signInError(err: unknown, serverUrl: string): unknown {
  if (!(err instanceof BridgeError)) return err;
  if (err.code === 'offline') {
    return new BridgeError(
      'offline',
      `Can't reach the BRM service at ${serverUrl}. Check the server URL and your network connection, then try again.`,
    );
  }
  if (err instanceof ServiceError && err.status === 401) {
    return new BridgeError('unauthorized', 'The e-mail or password is not right. Check them and try again.');
  }
  if (err instanceof ServiceError && err.status === 404) {
    return new BridgeError('not_found', `${serverUrl} answered, but it is not a BRM service. Check the server URL.`);
  }
  return err;
}
