/**
 * What the core needs from its host (Electron main process or the browser-mode host), and what it
 * offers back. The core itself knows nothing of Electron (docs/ARCHITECTURE.md); each host supplies a Platform.
 */
import type {
  CallName,
  CallParsed,
  CallResult,
  EventName,
  EventPayloads,
  FileRef,
  UpdateStatus,
} from '../../preload/contract';

/** A secret store. Implemented with keytar (OS keychain) or in memory when no keychain is available. */
export interface Keychain {
  readonly kind: 'os' | 'memory';
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** Removes the entry; resolves false when there was none. */
  remove(account: string): Promise<boolean>;
}

/** A file the user chose, resolved by the host to a readable regular file. */
export interface ResolvedFile {
  /** Absolute path of a regular file. */
  path: string;
  /** File name as the user knows it (no directories). */
  name: string;
  /** Bytes. */
  size: number;
}

/** OS features behind small interfaces (docs/ARCHITECTURE.md). */
export interface Platform {
  keychain: Keychain;
  /** Shows a desktop notification. */
  notify(notification: { title: string; body: string }): void;
  /** Opens a local file in its viewer. Returns a URL for the page to open instead (browser mode), or null. */
  openPath(path: string): Promise<{ url: string | null }>;
  /**
   * Marks the downloaded file `path` (absolute) the way the OS marks downloads, as coming from
   * `sourceUrl` (no credentials in it), so the OS's own checks apply when it is opened: Windows'
   * `Zone.Identifier` stream, macOS's `com.apple.quarantine` attribute, the freedesktop
   * `user.xdg.origin.url` attribute elsewhere (main/host/mark-downloaded.ts). Resolves
   * 'unsupported' when this system or file system cannot carry the mark; rejects when marking
   * failed otherwise.
   */
  markDownloaded(path: string, sourceUrl: string): Promise<'marked' | 'unsupported'>;
  /**
   * Resolves a file reference from the renderer (a dropped/picked file) to a readable file.
   * Throws BridgeError('invalid_input') when the reference is not a readable regular file.
   */
  resolveFileRef(ref: FileRef): Promise<ResolvedFile>;
  /**
   * Optional: moves the file behind `ref` (already resolved) to `destPath` (absolute, not existing yet,
   * in the data folder), for hosts that hold a private copy of their own (browser mode's staged
   * file), so the upload queue keeps it without copying; the ref no longer resolves afterwards.
   * Without it, the core copies the resolved file. Throws BridgeError('invalid_input') when `ref`
   * does not resolve.
   */
  takeFile?(ref: FileRef, destPath: string): Promise<void>;
  /**
   * Optional: asks the user where to save a file the app writes (an export), suggesting
   * `suggestedName` (no folders) of the given kind; resolves the absolute path chosen (the host's
   * dialog has already asked before replacing a file), or null when the user closed the dialog.
   * Without it (browser mode), the core saves to a free name in the downloads folder.
   */
  chooseSaveLocation?(suggestedName: string, kind: SaveKind): Promise<string | null>;
  /** Optional: the installed app's updates (main/electron/updates.ts). Without it the app has none (browser mode). */
  updates?: AppUpdates;
}

/** An installed app's updates from its feed (docs/PACKAGING.md, "Updates"). */
export interface AppUpdates {
  /** Where the update stands now. */
  status(): UpdateStatus;
  /** Asks the feed now; resolves the status once the check ended (a download may go on). */
  check(): Promise<UpdateStatus>;
  /** Quits and installs the downloaded version. Throws when none is ready. */
  install(): void;
  /** Calls `listener` with every new status; returns the function that stops it. */
  onChange(listener: (status: UpdateStatus) => void): () => void;
}

/** What kind of file a save location is asked for: its label and file name extensions (without dots). */
export interface SaveKind {
  label: string;
  extensions: string[];
}

/** Options for createCore. Paths are absolute. */
export interface CoreOptions {
  /** Folder for the cache database (`cache.db`) and other state. */
  dataDir: string;
  /** Folder where downloaded documents are saved. */
  downloadsDir: string;
  /** Server URL to prefill on sign-in (the embedded demo service), or null. */
  defaultServerUrl: string | null;
  /** The embedded demo service's demo user, shown on the sign-in screen; null for other servers. */
  demoCredentials: { username: string; password: string } | null;
  mode: 'electron' | 'browser';
  /** App version (package.json). */
  version: string;
  platform: Platform;
  /** Interval between background syncs, ms (default 30 000). */
  syncIntervalMs?: number;
  /** Retry delays after a failed sync or while offline, ms (default: full jitter up to 1 s at first, capped at 60 s). */
  syncBackoff?: { baseMs: number; maxMs: number };
  /** Changes asked for per change-feed page, 1..2000 (default 1000). */
  syncPageSize?: number;
  /** The largest change-feed page sync reads, bytes; a larger one is refused unread (default 64 MiB). */
  maxSyncPageBytes?: number;
  /** Retry delays of queued uploads while the service is away, ms (default as `syncBackoff`'s default: up to 1 s at first, capped at 60 s). */
  uploadBackoff?: { baseMs: number; maxMs: number };
  /** Retry delays of queued downloads while the service is away, ms (default as `uploadBackoff`'s). */
  downloadBackoff?: { baseMs: number; maxMs: number };
}

/** One handler per bridge call; inputs are already validated against the contract's schemas. */
export type CoreHandlers = { [K in CallName]: (input: CallParsed<K>) => Promise<CallResult<K>> };

/** The running core, as a host sees it. */
export interface Core {
  handlers: CoreHandlers;
  /** Subscribes to a core event; returns the unsubscribe function. */
  on<E extends EventName>(name: E, listener: (payload: EventPayloads[E]) => void): () => void;
  /**
   * Hands a `brm://` record link to the window (main/core/record-links.ts); false when `url` is no
   * record link (preload/contract/record-links.ts `parseRecordLink`).
   */
  openRecordLink(url: string): boolean;
  /** Restores the session from the keychain and, if signed in, starts syncing. */
  start(): Promise<void>;
  /** Stops syncing and transfers (queued uploads stay queued for the next start) and closes the cache. */
  stop(): Promise<void>;
}
