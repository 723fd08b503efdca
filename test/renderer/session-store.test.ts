/** The session store's sign-out (renderer/src/stores/session-store.ts): what the sign-in screen is told afterwards. */
import { describe, expect, it } from 'vitest';
import type { SignOutResult } from '../../preload/contract';
import { createSessionStore, notEndedOnServiceNotice } from '../../renderer/src/stores/session-store';
import { signedInBridge } from './render-app';

const signedOut = (endedOnService: boolean): SignOutResult => ({
  state: 'signedOut',
  serverUrl: 'http://127.0.0.1:4010',
  keychain: 'os',
  endedOnService,
});

describe('session store sign-out', () => {
  it('tells the user when the service did not end the session, and nothing when it did', async () => {
    for (const endedOnService of [false, true]) {
      const bridge = signedInBridge();
      bridge.handle('session.signOut', () => signedOut(endedOnService));
      const store = createSessionStore(bridge);
      await store.getState().load();
      await store.getState().signOut();
      expect(store.getState().session).toEqual({
        state: 'signedOut',
        serverUrl: 'http://127.0.0.1:4010',
        keychain: 'os',
      });
      expect(store.getState().notice).toBe(endedOnService ? null : notEndedOnServiceNotice);
    }
  });

  it('keeps a sign-in made while the sign-out was still telling the service', async () => {
    const bridge = signedInBridge();
    let answer: (result: SignOutResult) => void = () => undefined;
    bridge.handle('session.signOut', () => new Promise<SignOutResult>((resolve) => (answer = resolve)));
    const store = createSessionStore(bridge);
    await store.getState().load();
    const signingOut = store.getState().signOut();
    await new Promise((resolve) => setTimeout(resolve, 0));
    store.getState().applySession({ state: 'signedOut', serverUrl: 'http://127.0.0.1:4010', keychain: 'os' });
    const { username, password } = bridge.data.credentials;
    expect(await store.getState().signIn({ serverUrl: 'http://127.0.0.1:4010', username, password })).toBe(true);
    answer(signedOut(false));
    await signingOut;
    expect(store.getState().session?.state).toBe('signedIn');
    expect(store.getState().notice).toBeNull();
  });
});
