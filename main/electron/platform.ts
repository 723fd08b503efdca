/**
 * The core's Platform in the Electron shell (docs/ARCHITECTURE.md, docs/SECURITY.md): the OS keychain, desktop
 * notifications, opening files with the OS, marking downloads as the OS does (the browser-mode
 * host's main/host/mark-downloaded.ts), and file references that are local paths (from
 * `webUtils.getPathForFile`), checked before the core reads them, and the save dialog that asks
 * where an export goes.
 */
import { constants } from 'node:fs';
import { access, lstat } from 'node:fs/promises';
import { basename, isAbsolute, join, normalize } from 'node:path';
import { app, BrowserWindow, dialog, Notification, shell } from 'electron';
import { BridgeError, type FileRef } from '../../preload/contract';
import type { Keychain, Platform, ResolvedFile, SaveKind } from '../core/platform';
import { markDownloaded } from '../host/mark-downloaded';

/** Creates the Electron Platform around `keychain`. */
export function createElectronPlatform(keychain: Keychain): Platform {
  return {
    keychain,
    notify({ title, body }) {
      if (Notification.isSupported()) new Notification({ title, body }).show();
    },
    markDownloaded: (path, sourceUrl) => markDownloaded(path, sourceUrl),
    async openPath(path) {
      const problem = await shell.openPath(path);
      if (problem) {
        throw new BridgeError(
          'not_found',
          `BRM Desktop could not open "${basename(path)}": ${problem}. Download it again and retry.`,
        );
      }
      return { url: null };
    },
    resolveFileRef: resolveLocalFile,
    chooseSaveLocation: askSaveLocation,
  };
}

/**
 * Shows the OS save dialog (attached to the focused window, when there is one) suggesting
 * `suggestedName` in the user's downloads folder, filtered to `kind`'s extensions; the dialog
 * itself asks before replacing a file. Resolves the absolute path chosen, or null when closed.
 */
export async function askSaveLocation(suggestedName: string, kind: SaveKind): Promise<string | null> {
  const options: Electron.SaveDialogOptions = {
    title: 'Save export',
    buttonLabel: 'Save',
    defaultPath: join(app.getPath('downloads'), suggestedName),
    filters: [{ name: kind.label, extensions: kind.extensions }],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  };
  const parent = BrowserWindow.getFocusedWindow();
  const answer = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  if (answer.canceled || !answer.filePath) return null;
  return answer.filePath;
}

/**
 * Checks a dropped or picked file's path: absolute, a regular file (a symbolic link is refused, so
 * a link cannot point the upload elsewhere), and readable. Returns its path, name and size (bytes).
 * Throws BridgeError('invalid_input') saying which check failed.
 */
export async function resolveLocalFile(ref: FileRef): Promise<ResolvedFile> {
  const path = ref.ref;
  const name = ref.name;
  if (!isAbsolute(path) || normalize(path) !== path || path.includes('\0')) {
    throw new BridgeError(
      'invalid_input',
      `"${name}" is not a file on this computer. Save it to a folder first, then add it.`,
    );
  }
  let info: Awaited<ReturnType<typeof lstat>>;
  try {
    info = await lstat(path);
  } catch {
    throw new BridgeError('invalid_input', `"${name}" no longer exists at ${path}. Choose the file again.`);
  }
  if (info.isSymbolicLink()) {
    throw new BridgeError(
      'invalid_input',
      `"${name}" is a shortcut (symbolic link). Choose the file it points to instead.`,
    );
  }
  if (!info.isFile()) {
    throw new BridgeError('invalid_input', `"${name}" is not a regular file (folders and devices cannot be uploaded).`);
  }
  try {
    await access(path, constants.R_OK);
  } catch {
    throw new BridgeError(
      'invalid_input',
      `BRM Desktop may not read "${name}". Check the file's permissions and try again.`,
    );
  }
  return { path, name: basename(path), size: info.size };
}
