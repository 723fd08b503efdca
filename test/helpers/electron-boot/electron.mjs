/**
 * A stand-in for the `electron` module that lets the built main process (`out/main/index.js`) boot
 * in plain Node: it records what the shell registers (IPC handler, app:// handler, window) on
 * `globalThis.brmElectronStub` for `run.mjs` to drive. Paths live in a temporary folder
 * (`BRM_BOOT_BASE` when set).
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const noop = () => {};
// BRM_BOOT_BASE lets a test choose the folder (e.g. one whose data folder another process holds).
const base = process.env.BRM_BOOT_BASE || mkdtempSync(join(tmpdir(), 'brm-electron-boot-'));
const recorded = {
  base,
  ipcHandler: null,
  protocolHandler: null,
  window: null,
  badgeCounts: [],
  errors: [],
  protocolClients: [],
};
globalThis.brmElectronStub = recorded;

const appEvents = new EventEmitter();
export const app = Object.assign(appEvents, {
  requestSingleInstanceLock: () => true,
  isPackaged: false,
  setAsDefaultProtocolClient: (scheme) => {
    recorded.protocolClients.push(scheme);
    return true;
  },
  whenReady: () => Promise.resolve(),
  getPath: (name) => join(base, name),
  setBadgeCount: (count) => {
    recorded.badgeCounts.push(count);
    return true;
  },
  quit: () => {
    let deferred = false;
    appEvents.emit('before-quit', { preventDefault: () => (deferred = true) });
    if (!deferred) appEvents.emit('quit-done');
  },
  exit: (code) => appEvents.emit('quit-done', code),
});

export const protocol = {
  registerSchemesAsPrivileged: noop,
  handle: (_scheme, handler) => {
    recorded.protocolHandler = handler;
  },
};

export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.webContents = Object.assign(new EventEmitter(), {
      mainFrame: { url: 'app://brm/index.html' },
      send: noop,
      setWindowOpenHandler: noop,
    });
    recorded.window = this;
  }
  isDestroyed() {
    return false;
  }
  loadURL() {
    return Promise.resolve();
  }
  show() {}
}

export class Notification {
  static isSupported() {
    return false;
  }
  show() {}
}

export const dialog = { showErrorBox: (title, message) => recorded.errors.push(`${title}: ${message}`) };
export const ipcMain = {
  handle: (_channel, handler) => {
    recorded.ipcHandler = handler;
  },
  removeHandler: noop,
};
export const session = { defaultSession: { setPermissionRequestHandler: noop, setPermissionCheckHandler: noop } };
export const shell = { openPath: async () => '', openExternal: async () => {} };
export const webUtils = { getPathForFile: () => '' };
