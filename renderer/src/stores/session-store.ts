/**
 * The app facts and the session: loaded once at start, then kept current by `session.changed`.
 * Signing in and out go through here so the sign-in screen and the shell share one truth.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppInfo, BrmBridge, CallInput, SessionState } from '../../../preload/contract';
import { errorMessage } from '../lib/errors';

export interface SessionStoreState {
  /** `loading` until `app.getInfo` and `session.get` answered; `failed` if either could not be read. */
  phase: 'loading' | 'ready' | 'failed';
  info: AppInfo | null;
  session: SessionState | null;
  /** Why the start failed and what to do (phase `failed`). */
  loadError: string | null;
  signingIn: boolean;
  /** Why the last sign-in failed, for the sign-in form. */
  signInError: string | null;
  signingOut: boolean;
  /**
   * Shown on the sign-in screen: the session ended without the user signing out, or a sign-out
   * could not end the sign-in on the service.
   */
  notice: string | null;
  /** Reads app facts and session state from the core. */
  load(): Promise<void>;
  /** Signs in; resolves true on success, false with `signInError` set on failure. */
  signIn(input: CallInput<'session.signIn'>): Promise<boolean>;
  signOut(): Promise<void>;
  /** Applies a session state pushed by the core (`session.changed`). */
  applySession(session: SessionState): void;
}

/** The notice after a sign-out that the service did not hear of (docs/SECURITY.md, "Tokens and the keychain"). */
export const notEndedOnServiceNotice =
  'Signed out here, but the BRM service could not be reached: your session there ends when its token expires.';

/** Creates the session store over `bridge`. */
export function createSessionStore(bridge: BrmBridge): StoreApi<SessionStoreState> {
  /** Sign-ins started so far: a sign-out's answer that comes after a new sign-in must not undo it. */
  let signIns = 0;
  return createStore<SessionStoreState>()((set, get) => ({
    phase: 'loading',
    info: null,
    session: null,
    loadError: null,
    signingIn: false,
    signInError: null,
    signingOut: false,
    notice: null,

    async load() {
      set({ phase: 'loading', loadError: null });
      try {
        const [info, session] = await Promise.all([bridge.call('app.getInfo', {}), bridge.call('session.get', {})]);
        set({ phase: 'ready', info, session });
      } catch (reason) {
        set({
          phase: 'failed',
          loadError: `BRM Desktop could not start: ${errorMessage(reason)}`,
        });
      }
    },

    async signIn(input) {
      signIns++;
      set({ signingIn: true, signInError: null, notice: null });
      try {
        const session = await bridge.call('session.signIn', input);
        set({ session, signingIn: false });
        return session.state === 'signedIn';
      } catch (reason) {
        set({ signingIn: false, signInError: errorMessage(reason) });
        return false;
      }
    },

    async signOut() {
      set({ signingOut: true });
      const signInsBefore = signIns;
      try {
        // The core signs out at once (session.changed) and then tells the service, for up to 5 s.
        const { endedOnService, ...session } = await bridge.call('session.signOut', {});
        if (signIns !== signInsBefore) set({ signingOut: false });
        else set({ session, signingOut: false, notice: endedOnService ? null : notEndedOnServiceNotice });
      } catch (reason) {
        set({ signingOut: false });
        throw reason;
      }
    },

    applySession(session) {
      const previous = get().session;
      const endedUnasked = previous?.state === 'signedIn' && session.state === 'signedOut' && !get().signingOut;
      set({
        session,
        notice: endedUnasked ? 'Your session has ended. Sign in again to continue.' : get().notice,
      });
    },
  }));
}
