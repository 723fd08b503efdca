/**
 * The Electron shell's entry (docs/SECURITY.md): one instance per user, the embedded demo service when no
 * server is configured, the core with the Electron Platform, one secure window on `app://brm`,
 * and a clean stop (core, then service) on quit.
 *
 * One app per data folder: Electron's single-instance lock lives in the user data folder
 * (`userData`), so a second app started on it focuses the first one's window and quits. The shell
 * also holds the data-folder lock that the browser-mode host takes (main/host/data-folder-lock.ts)
 * on that same folder, so an app and a browser-mode host never run on one folder together: the one
 * started second shows who holds it and exits with code 1.
 *
 * Server URL: `--server URL`, else `BRM_SERVER_URL`, else `serverUrl` in `<userData>/settings.json`.
 *
 * `brm://` record links (main/electron/record-links.ts) that start the app or reach it from a second
 * start open their record in the window.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { app, type BrowserWindow, dialog, session } from 'electron';
import electronUpdater from 'electron-updater';
import { appVersion, resolveServerUrl, resolveUpdateFeedUrl, settingsFileName } from '../app-config';
import { createCore } from '../core/index';
import { createKeychain } from '../core/keychain';
import type { Core } from '../core/platform';
import { createDispatcher } from '../dispatcher';
import { type EmbeddedService, startEmbeddedService } from '../embedded-service';
import { acquireDataFolderLock, type DataFolderLock } from '../host/data-folder-lock';
import { keepBadgeCount } from './badge';
import { registerBridgeIpc } from './ipc';
import { createElectronPlatform } from './platform';
import { appEntryUrl, registerAppProtocol, registerAppScheme } from './protocol';
import { linkInArguments, listenForRecordLinks, type RecordLinkRouter } from './record-links';
import { installSecurity } from './security';
import { createAppUpdates, type RunningUpdates } from './updates';
import { createMainWindow } from './window';

/** Built files, relative to this bundle (`out/main/index.js`). */
const rendererDir = join(import.meta.dirname, '../renderer');
const preloadPath = join(import.meta.dirname, '../preload/index.cjs');

let window: BrowserWindow | null = null;
let running: {
  core: Core;
  embedded: EmbeddedService | null;
  updates: RunningUpdates | null;
  undo: Array<() => void>;
} | null = null;
let folderLock: DataFolderLock | null = null;
let quitting = false;
let links: RecordLinkRouter | null = null;

/** The `--server` value from Electron's command line (unknown flags are Chromium's and ignored). */
function serverFlag(): string | undefined {
  const { values } = parseArgs({ args: process.argv.slice(1), options: { server: { type: 'string' } }, strict: false });
  return typeof values.server === 'string' ? values.server : undefined;
}

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  // Before anything in the folder is touched: a browser-mode host may be using it.
  folderLock = await acquireDataFolderLock(userData, 'electron');
  installSecurity(session.defaultSession);
  await registerAppProtocol(rendererDir);

  const settingsPath = join(userData, settingsFileName);
  const serverUrl = await resolveServerUrl({ flag: serverFlag(), settingsPath });
  const updates = await startUpdates(settingsPath);
  const embedded = serverUrl ? null : await startEmbeddedService(userData);
  const core = await createCore({
    dataDir: userData,
    downloadsDir: join(app.getPath('downloads'), 'BRM Desktop'),
    defaultServerUrl: serverUrl ?? embedded?.url ?? null,
    demoCredentials: embedded?.credentials ?? null,
    mode: 'electron',
    version: appVersion,
    platform: { ...createElectronPlatform(await createKeychain()), ...(updates ? { updates } : {}) },
  });
  const mainWindow = createMainWindow({ preload: preloadPath, url: appEntryUrl });
  window = mainWindow;
  mainWindow.on('closed', () => {
    window = null;
  });
  const undo = [
    registerBridgeIpc({ dispatcher: createDispatcher(core), core, window: mainWindow }),
    keepBadgeCount(core),
  ];
  running = { core, embedded, updates, undo };
  await core.start();
  links?.deliverTo((url) => openRecordLink(core, url));
}

/**
 * The installed app's updates from the feed in the settings (main/electron/updates.ts); none for a
 * development run (not packaged) or when no feed is set. A feed set wrongly is said in a dialog and
 * the app runs without updates.
 */
async function startUpdates(settingsPath: string): Promise<RunningUpdates | null> {
  if (!app.isPackaged) return null;
  let feedUrl: string | null;
  try {
    feedUrl = await resolveUpdateFeedUrl({ settingsPath });
  } catch (error) {
    dialog.showErrorBox('BRM Desktop will not update itself', error instanceof Error ? error.message : String(error));
    return null;
  }
  return feedUrl ? createAppUpdates({ updater: electronUpdater.autoUpdater, feedUrl }) : null;
}

/** Opens a `brm://` link's record in the window, or says why it cannot. */
function openRecordLink(core: Core, url: string): void {
  if (window?.isMinimized()) window.restore();
  window?.focus();
  if (core.openRecordLink(url)) return;
  void dialog.showMessageBox({
    type: 'warning',
    title: 'BRM Desktop',
    message: 'This link does not open a record.',
    detail: `${url}\n\nRecord links look like brm://contact/<id>, brm://company/<id>, brm://event/<id>, brm://document/<id> or brm://deal/<id>. Ask whoever sent it for the link again.`,
  });
}

async function stop(): Promise<void> {
  const lock = folderLock;
  folderLock = null;
  if (running) {
    const { core, embedded, updates, undo } = running;
    running = null;
    for (const step of undo) step();
    updates?.stop();
    await core.stop().catch((error: unknown) => console.error('BRM Desktop: the core did not stop cleanly:', error));
    await embedded?.service
      .stop()
      .catch((error: unknown) => console.error('BRM Desktop: the demo service did not stop cleanly:', error));
  }
  await lock?.release();
}

registerAppScheme();
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  links = listenForRecordLinks();
  app.on('second-instance', (_event, argv) => {
    const link = linkInArguments(argv);
    if (link) links?.receive(link);
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (quitting || !running) return;
    event.preventDefault();
    quitting = true;
    void stop().finally(() => app.quit());
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      dialog.showErrorBox(
        'BRM Desktop could not start',
        `${message}\n\nFix the problem above and start BRM Desktop again.`,
      );
      void stop().finally(() => app.exit(1));
    });
}
