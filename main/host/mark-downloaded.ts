/**
 * Marks a downloaded file the way each OS marks downloads, so the OS's own checks apply when the
 * file is opened (docs/SECURITY.md, "Opening downloaded files"): the `Platform.markDownloaded` of
 * both the Electron shell and the browser-mode host.
 *
 * - Windows: the "mark of the web", an NTFS alternate data stream `<file>:Zone.Identifier` holding
 *   `[ZoneTransfer]`, `ZoneId=3` (the Internet zone) and `HostUrl=<source URL>`: SmartScreen,
 *   Office's Protected View and the "open file" prompt act on it.
 * - macOS: the `com.apple.quarantine` extended attribute (`<flags>;<hex seconds>;<agent>;`, set with
 *   `/usr/bin/xattr`): Gatekeeper checks the file when it is first opened.
 * - Linux and other systems: the freedesktop.org `user.xdg.origin.url` extended attribute (the
 *   "Common Extended Attributes" specification), best effort: with `setfattr`, else Python's
 *   `os.setxattr`, and nothing when neither is there or the file system has no user attributes.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';

/** The outcome: 'marked', or 'unsupported' when this system or file system cannot carry the mark. */
export type MarkOutcome = 'marked' | 'unsupported';

/** What marking needs from the OS (injected by tests). */
export interface MarkDownloadedDeps {
  platform: NodeJS.Platform;
  /** Writes `data` to `path` (an NTFS stream path on Windows). */
  writeFile(path: string, data: string): Promise<void>;
  /** Runs `file` with `args` (no shell); rejects when it cannot start (`code` 'ENOENT') or fails. */
  run(file: string, args: readonly string[]): Promise<void>;
  /** Now, ms since the epoch. */
  now(): number;
}

/** The real OS. */
export const nodeMarkDeps: MarkDownloadedDeps = {
  platform: process.platform,
  writeFile: (path, data) => writeFile(path, data, 'utf8'),
  run: (file, args) =>
    new Promise((resolve, reject) => {
      execFile(file, [...args], { timeout: 10_000, windowsHide: true }, (error) => (error ? reject(error) : resolve()));
    }),
  now: () => Date.now(),
};

/** The name macOS shows as the app that downloaded a quarantined file. */
export const quarantineAgent = 'BRM Desktop';

/**
 * The `Zone.Identifier` stream's text (Internet zone) for a file downloaded from `sourceUrl`. Line
 * breaks inside the URL are removed so they cannot add lines of their own.
 */
export function zoneIdentifier(sourceUrl: string): string {
  return `[ZoneTransfer]\r\nZoneId=3\r\nHostUrl=${oneLine(sourceUrl)}\r\n`;
}

/**
 * The `com.apple.quarantine` value at `nowMs`: flags 0081 (downloaded, not yet approved by the
 * user), the time in hexadecimal seconds, the downloading app's name, and no event id.
 */
export function quarantineValue(nowMs: number): string {
  return `0081;${Math.floor(nowMs / 1000).toString(16)};${quarantineAgent};`;
}

function oneLine(text: string): string {
  return text.replace(/[\r\n\0]/g, '');
}

/**
 * Marks the downloaded file `path` (absolute) as coming from `sourceUrl` (the service's download
 * URL, without credentials). Resolves 'unsupported' when the mark cannot be carried here (no NTFS
 * streams, no user attributes, no tool to set them); rejects with the OS's error when marking
 * failed otherwise (the file vanished, no permission).
 */
export async function markDownloaded(
  path: string,
  sourceUrl: string,
  deps: MarkDownloadedDeps = nodeMarkDeps,
): Promise<MarkOutcome> {
  const url = oneLine(sourceUrl);
  if (deps.platform === 'win32') {
    try {
      await deps.writeFile(`${path}:Zone.Identifier`, zoneIdentifier(url));
      return 'marked';
    } catch (error) {
      // FAT and exFAT volumes, network shares without streams: there is no place for the mark.
      if (isUnsupported(error, ['EINVAL', 'ENOTSUP', 'EPERM', 'EISDIR'])) return 'unsupported';
      throw error;
    }
  }
  if (deps.platform === 'darwin') {
    try {
      await deps.run('/usr/bin/xattr', ['-w', 'com.apple.quarantine', quarantineValue(deps.now()), path]);
      return 'marked';
    } catch (error) {
      if (isUnsupported(error, ['ENOENT'])) return 'unsupported';
      throw error;
    }
  }
  return markWithXdgOrigin(path, url, deps);
}

/** Sets `user.xdg.origin.url`; tools that are not installed and file systems without user attributes count as unsupported. */
async function markWithXdgOrigin(path: string, url: string, deps: MarkDownloadedDeps): Promise<MarkOutcome> {
  const attempts: Array<[string, string[]]> = [
    ['setfattr', ['-n', 'user.xdg.origin.url', '-v', url, '--', path]],
    [
      'python3',
      ['-c', 'import os, sys; os.setxattr(sys.argv[1], "user.xdg.origin.url", sys.argv[2].encode())', path, url],
    ],
  ];
  for (const [tool, args] of attempts) {
    try {
      await deps.run(tool, args);
      return 'marked';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // not installed: try the next tool
      // The tool ran and failed: most often a file system without user attributes (tmpfs, FAT, NFS).
      return 'unsupported';
    }
  }
  return 'unsupported';
}

function isUnsupported(error: unknown, codes: readonly string[]): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && codes.includes(code);
}
