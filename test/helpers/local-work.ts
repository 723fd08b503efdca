/**
 * Local-only work in a client's data folder (docs/ARCHITECTURE.md, "What survives what"): what only
 * this machine has — edits waiting in the outbox, a downloaded document, a draft, the server URL — made
 * through the bridge, and what of it is missing after a fault, for tests and the fault-injection suite.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { Core } from '../../main/core/platform';
import { readLocalDirectly, waitForEvent } from './core-harness';

/** What a client holds that only it has. */
export interface LocalWork {
  /** Last names of new contacts saved while the service was unreachable (first name `Kim`), in order. */
  edits: string[];
  /** A downloaded document: its id, where it was saved and the SHA-256 of its bytes (hex); null when none. */
  download: { documentId: string; localPath: string; sha256: string } | null;
  /** A draft (`drafts.put`) and its value; null when none. */
  draft: { key: string; value: unknown } | null;
  /** The server URL setting, as `session.get` shows it (signed in or not). */
  serverUrl: string | null;
}

/** The outbox summary of the edit that created the contact `Kim <lastName>`. */
export const editSummary = (lastName: string) => `New contact Kim ${lastName}`;

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/**
 * Downloads the smallest document of the cache through `core` (the service must be reachable) and
 * waits for it to finish. Throws when the cache has no document or the download does not end `done`.
 */
export async function downloadADocument(core: Core): Promise<NonNullable<LocalWork['download']>> {
  const folders = (await core.handlers['documents.listFolders']({})).filter((folder) => folder.documentCount > 0);
  const rows = [];
  for (const folder of folders)
    rows.push(...(await core.handlers['documents.list']({ folderId: folder.id, offset: 0, limit: 500 })).rows);
  const smallest = rows.sort((a, b) => a.size - b.size)[0];
  if (!smallest) throw new Error('The cache holds no document to download.');
  const ended = waitForEvent(
    core,
    'transfer.progress',
    (t) => t.documentId === smallest.id && t.kind === 'download' && ['done', 'failed', 'cancelled'].includes(t.state),
  );
  await core.handlers['documents.download']({ id: smallest.id });
  const transfer = await ended;
  if (transfer.state !== 'done' || !transfer.localPath)
    throw new Error(`Downloading ${smallest.name} ended ${transfer.state}: ${transfer.error}`);
  return { documentId: smallest.id, localPath: transfer.localPath, sha256: sha256(transfer.localPath) };
}

/** Saves a draft of a new contact under `key` and returns it. */
export async function keepADraft(core: Core, key: string): Promise<NonNullable<LocalWork['draft']>> {
  const value = { firstName: 'Dora', lastName: 'Draft', notes: key };
  await core.handlers['drafts.put']({ key, value });
  return { key, value };
}

/** Saves the new contact `Kim <lastName>` (queued in the outbox while the service is unreachable). */
export async function queueAnEdit(core: Core, lastName: string): Promise<void> {
  await core.handlers['contacts.save']({ contact: { firstName: 'Kim', lastName } });
}

/** The server URL setting of `core`, as the sign-in screen shows it. */
export const serverUrlOf = async (core: Core): Promise<string | null> =>
  (await core.handlers['session.get']({})).serverUrl;

/**
 * The items of `work` that `core` (on `dataDir`) no longer has, in words (an empty list when all are
 * there): an edit neither waiting in the outbox nor shown as a contact, a download whose file or
 * record (on its document, or in local.db while the cache does not show the document yet) is gone or
 * changed, a draft gone or changed, the server URL setting changed.
 */
export async function missingLocalWork(core: Core, dataDir: string, work: LocalWork): Promise<string[]> {
  const missing: string[] = [];
  const waiting = new Set((await core.handlers['outbox.list']({})).map((entry) => entry.summary));
  for (const lastName of work.edits) {
    if (waiting.has(editSummary(lastName))) continue;
    const shown = await core.handlers['contacts.list']({ query: lastName, offset: 0, limit: 5 });
    if (!shown.rows.some((row) => row.lastName === lastName)) missing.push(`the edit ${editSummary(lastName)}`);
  }
  if (work.download) {
    const { documentId, localPath } = work.download;
    // A rebuilt cache shows the document again after its sync; local.db keeps the record meanwhile.
    const detail = await core.handlers['documents.get']({ id: documentId });
    const recorded = detail
      ? detail.localPath
      : (
          readLocalDirectly(dataDir, 'SELECT local_path AS path FROM downloads WHERE document_id = ?', documentId)[0] as
            | { path: string }
            | undefined
        )?.path;
    if (recorded !== localPath) missing.push(`the download record of ${localPath}`);
    if (!existsSync(localPath) || sha256(localPath) !== work.download.sha256)
      missing.push(`the downloaded file ${localPath}`);
  }
  if (work.draft) {
    const kept = await core.handlers['drafts.get']({ key: work.draft.key });
    if (!isDeepStrictEqual(kept?.value, work.draft.value)) missing.push(`the draft ${work.draft.key}`);
  }
  if ((await serverUrlOf(core)) !== work.serverUrl) missing.push('the server URL setting');
  return missing;
}
