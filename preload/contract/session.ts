/** Bridge calls and events of the session: sign in, sign out, who is signed in. */
import { z } from 'zod';
import { type ApiSchemas, call, empty } from './common';

/** The signed-in user, as the contract's `CurrentUser` names them. */
export type SignedInUser = Pick<ApiSchemas['CurrentUser'], 'id' | 'firstName' | 'lastName' | 'email'>;

/** Where the session stands. `keychain: 'memory'` means no OS keychain: the user signs in every launch. */
export type SessionState =
  | { state: 'signedOut'; serverUrl: string | null; keychain: 'os' | 'memory' }
  | { state: 'signedIn'; serverUrl: string; user: SignedInUser; keychain: 'os' | 'memory' };

/**
 * What `session.signOut` did: the state after it, and whether the service ended the sign-in too
 * (`revokeToken`, docs/SECURITY.md "Tokens and the keychain"). `endedOnService: false` means the
 * service could not be reached or refused: this computer forgot the tokens all the same, and the
 * sign-in ends on the service when its refresh token expires.
 */
export type SignOutResult = Extract<SessionState, { state: 'signedOut' }> & { endedOnService: boolean };

export const sessionCalls = {
  'session.get': call<SessionState>()(empty),
  'session.signIn': call<SessionState>()(
    z
      .object({
        serverUrl: z.string().min(1).max(2048),
        username: z.string().min(1).max(254),
        password: z.string().min(1).max(1024),
      })
      .strict(),
  ),
  'session.signOut': call<SignOutResult>()(empty),
} as const;

export interface SessionEvents {
  'session.changed': SessionState;
}
