/**
 * The core's Platform in browser mode (docs/ARCHITECTURE.md, "Layers"): the keychain from `createKeychain()`,
 * notifications pushed to the page as `app.notify` events (the page shows them), opening a file by
 * handing the page a host URL, marking downloads as the OS does (mark-downloaded.ts, shared with
 * the Electron shell), and file references that are staged uploads (which the upload queue takes
 * over by moving them, `takeFile`).
 */
import { stat } from 'node:fs/promises';
import type { EventPayloads } from '../../preload/contract';
import { BridgeError } from '../../preload/contract';
import type { Keychain, Platform } from '../core/platform';
import { markDownloaded } from './mark-downloaded';
import type { OpenedFiles } from './opened-files';
import type { StagingArea } from './staging';

/** What the browser-mode Platform needs from the host. */
export interface BrowserPlatformOptions {
  keychain: Keychain;
  staging: StagingArea;
  openedFiles: OpenedFiles;
  /** Sends `app.notify` to every connected page. */
  emitNotify(payload: EventPayloads['app.notify']): void;
  /** `http://127.0.0.1:PORT` of the host. */
  origin(): string;
  token: string;
}

/** The message for a file reference that no longer resolves. */
function gone(name: string): string {
  return `"${name}" is no longer available to BRM Desktop. Choose or drop the file again.`;
}

/** Creates the browser-mode Platform. */
export function createBrowserPlatform(options: BrowserPlatformOptions): Platform {
  return {
    keychain: options.keychain,
    notify(notification) {
      options.emitNotify({ title: notification.title, body: notification.body });
    },
    markDownloaded: (path, sourceUrl) => markDownloaded(path, sourceUrl),
    async openPath(path) {
      const id = options.openedFiles.register(path);
      return { url: `${options.origin()}/files/${id}?token=${encodeURIComponent(options.token)}` };
    },
    async takeFile(ref, destPath) {
      if (!(await options.staging.take(ref.ref, destPath))) throw new BridgeError('invalid_input', gone(ref.name));
    },
    async resolveFileRef(ref) {
      const staged = options.staging.get(ref.ref);
      const again = gone(ref.name);
      if (!staged) throw new BridgeError('invalid_input', again);
      try {
        const info = await stat(staged.path);
        if (!info.isFile()) throw new BridgeError('invalid_input', again);
        return { path: staged.path, name: staged.name, size: info.size };
      } catch (error) {
        if (error instanceof BridgeError) throw error;
        throw new BridgeError('invalid_input', again);
      }
    },
  };
}
