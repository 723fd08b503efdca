/**
 * The app window (docs/SECURITY.md): isolated, sandboxed, no Node in the page, web security on.
 */
import { BrowserWindow, type WebPreferences } from 'electron';

/** Web preferences of every app window. `preload` is the built preload script's absolute path. */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    safeDialogs: true,
  };
}

/** Smallest window the layout supports, pixels. */
export const minWindowSize = { width: 960, height: 600 } as const;

/** Creates the main window (hidden until its first paint) and loads `url`. */
export function createMainWindow(options: { preload: string; url: string }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: minWindowSize.width,
    minHeight: minWindowSize.height,
    title: 'BRM Desktop',
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(options.preload),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.url);
  return window;
}
