/** What uploads and downloads need from the rest of the core. */
import type { ApiClient } from '../api/client';
import type { DocumentsStore } from '../areas/documents/store';
import type { Cache } from '../cache/cache';
import type { ChangeNotifier } from '../events';
import type { Limiter } from './limiter';
import type { TransferIo } from './transfer-io';
import type { TransferRegistry } from './registry';

/** Shared dependencies of the transfer functions. */
export interface TransferDeps {
  cache: Cache;
  documents: DocumentsStore;
  /** The signed-in service's client (throws 'unauthorized' when signed out). */
  api(): ApiClient;
  registry: TransferRegistry;
  notifier: ChangeNotifier;
  /** Limits how many transfers run at once. */
  limiter: Limiter;
  /** Sends uploads and receives downloads (on the transfer thread in the app: transfer-thread.ts). */
  io: TransferIo;
  /** Folder that receives downloads (created when needed). */
  downloadsDir: string;
}

/** The user-facing message of a failed transfer of `name`. */
export function transferFailure(verb: 'Uploading' | 'Downloading', name: string, err: unknown): string {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'offline') {
    return `${verb} ${name} stopped: the connection to the BRM service broke off. Check your connection and try again${verb === 'Downloading' ? '; it continues where it stopped' : ''}.`;
  }
  const reason = err instanceof Error ? err.message : String(err);
  return `${verb} ${name} failed. ${reason}`;
}
