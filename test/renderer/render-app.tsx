/**
 * Renders the whole renderer app on a fake bridge, the way a user meets it. jsdom does no layout,
 * so elements report a fixed client size (800 × 600 px), the virtualized lists render the rows that
 * would fit on screen, and no element is found under a point.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../renderer/src/app';
import type { FakeBridge, FakeData } from './fake-bridge';
import { createFakeBridge } from './fake-bridge';
import { demoUser, makeCompanies, makeContacts, makeDocuments, makeFolders } from './fixtures';
import { makeNotifications } from './fixtures-activity';

let layoutInstalled = false;

function installLayout(): void {
  if (layoutInstalled) return;
  layoutInstalled = true;
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 800 });
  // No layout, so no element is under any point; react-big-calendar's slot selection asks anyway.
  Object.defineProperty(document, 'elementFromPoint', { configurable: true, value: () => null });
}

/** Mounts `<App>` on `bridge`; returns Testing Library's queries and a user-event session. */
export function renderApp(bridge: FakeBridge) {
  installLayout();
  const user = userEvent.setup();
  return { user, bridge, ...render(<App bridge={bridge} />) };
}

/** A fake bridge already signed in, with a few contacts, folders, documents and notifications. */
export function signedInBridge(overrides: Partial<FakeData> = {}): FakeBridge {
  const companies = makeCompanies(12);
  const folders = makeFolders();
  return createFakeBridge({
    session: { state: 'signedIn', serverUrl: 'http://127.0.0.1:4010', user: demoUser, keychain: 'os' },
    sync: {
      state: 'idle',
      phase: null,
      counts: {},
      lastSyncedAt: new Date().toISOString(),
      message: null,
      nextRetryAt: null,
      pendingCount: 0,
    },
    contacts: makeContacts(300, companies),
    folders,
    documents: makeDocuments(folders),
    notifications: makeNotifications(5, 3),
    ...overrides,
  });
}
