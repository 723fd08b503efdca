/**
 * A small stand-in for the `electron` module, for unit tests of the shell and the preload
 * (`vi.mock('electron', () => import('../../helpers/electron-fake'))`). It records what the code
 * under test registers so tests can drive it: IPC handlers, protocol handlers, app and
 * WebContents listeners, window options, exposed bridges.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/** A frame as `event.senderFrame` shows it. */
export interface FakeFrame {
  url: string;
}

/** A WebContents with the parts the shell uses; `emit` fires its listeners. */
export class FakeWebContents extends EventEmitter {
  mainFrame: FakeFrame = { url: 'app://brm/index.html' };
  send = vi.fn();
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler;
  }
}

/** Every BrowserWindow constructed, in order. */
export const createdWindows: FakeBrowserWindow[] = [];

export class FakeBrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  destroyed = false;
  loadURL = vi.fn(async (_url: string) => undefined);
  show = vi.fn();
  constructor(readonly options: Record<string, unknown>) {
    super();
    createdWindows.push(this);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** The window with keyboard focus: the last one a test marked `focused`. */
  static focused: FakeBrowserWindow | null = null;
  static getFocusedWindow(): FakeBrowserWindow | null {
    return FakeBrowserWindow.focused;
  }
}
export { FakeBrowserWindow as BrowserWindow };

/** `ipcMain` recording its invoke handlers. */
export const ipcMain = {
  handlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
  handle(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  },
};

/** `protocol` recording privileged schemes and handlers. */
export const protocol = {
  registerSchemesAsPrivileged: vi.fn(),
  handlers: new Map<string, (request: Request) => Promise<Response>>(),
  handle(scheme: string, handler: (request: Request) => Promise<Response>) {
    this.handlers.set(scheme, handler);
  },
};

/** `app`: an EventEmitter with the methods the shell calls. */
export const app = Object.assign(new EventEmitter(), {
  setBadgeCount: vi.fn(() => true),
  getPath: vi.fn((name: string) => `/tmp/brm-fake-${name}`),
  quit: vi.fn(),
  isPackaged: false,
  setAsDefaultProtocolClient: vi.fn((_scheme: string, _path?: string, _args?: string[]) => true),
});

export const shell = {
  openExternal: vi.fn(async (_url: string) => undefined),
  openPath: vi.fn(async (_path: string) => ''),
};

/** Every Notification shown. */
export const shownNotifications: Array<{ title: string; body: string }> = [];
export class Notification {
  static isSupported = vi.fn(() => true);
  constructor(private readonly options: { title: string; body: string }) {}
  show(): void {
    shownNotifications.push(this.options);
  }
}

export const session = {
  defaultSession: {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
  },
};

/** What the preload exposed, by key. */
export const exposed = new Map<string, unknown>();
export const contextBridge = {
  exposeInMainWorld: vi.fn((key: string, api: unknown) => {
    exposed.set(key, api);
  }),
};

/** `ipcRenderer`: `invoke` is a mock; `on`/`removeListener` work as on an EventEmitter. */
const rendererEmitter = new EventEmitter();
export const ipcRenderer = {
  invoke: vi.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => undefined),
  on: (channel: string, listener: (...args: unknown[]) => void) => rendererEmitter.on(channel, listener),
  removeListener: (channel: string, listener: (...args: unknown[]) => void) =>
    rendererEmitter.removeListener(channel, listener),
  emit: (channel: string, ...args: unknown[]) => rendererEmitter.emit(channel, ...args),
  listenerCount: (channel: string) => rendererEmitter.listenerCount(channel),
};

export const webUtils = {
  getPathForFile: vi.fn((_file: unknown) => ''),
};

/** `dialog`: the save dialog answers what a test sets with `mockResolvedValueOnce` (default: closed). */
export const dialog = {
  showErrorBox: vi.fn(),
  showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePath: '' })),
};
