/**
 * Contract 0.5.0 made `crc32` a required field of every Document (docs/API-CHANGELOG.md, 0.5.0).
 * Documents stored before it gain the field once, when the service first starts on their database:
 * each file is read again and the record written again through the normal write path
 * (`./record-table.ts`), so its `version` goes up and clients get it through the change feed.
 */
import { type ContentDigest, digestFile } from '../files/content-digest';
import { ThumbnailCache } from '../files/thumbnails';
import type { DocumentRecord } from './documents';
import { documentLacksCrc32 } from './schema';
import type { ServiceStore } from './store';

/** What one run of `backfillDocumentCrc32` did. */
export interface Crc32Backfill {
  /** Documents written again with `crc32` (each: version + 1 and a change-feed upsert). */
  updated: number;
  /** Ids of the documents deleted because their file is missing or no longer their content. */
  removed: string[];
}

/**
 * Gives every document without `crc32` the CRC-32 of its file (streamed, `../files/content-digest.ts`),
 * one document per transaction, so that a run cut short keeps what it did. When no document lacks the
 * field (every start after the first) it costs one query, over an empty index (schema version 4,
 * `./schema.ts`). Run it before the service answers requests.
 *
 * A document whose file is missing, or whose file no longer has the record's size and SHA-256, has
 * lost its content: no true `crc32` can be given to it, and a record without one breaks the contract
 * for every client, whose change feed check refuses the whole page that carries it
 * (main/core/api/validator.ts). Such a document is deleted as `Delete` of the Documents group would
 * delete it: a tombstone in the change feed, its relations, its file and its cached thumbnails. Its
 * download answered 404 (or bytes that failed their SHA-256) already.
 *
 * Throws, having changed nothing, when not one document without `crc32` has its file: the files
 * folder is then most likely not this database's (a volume not mounted, another data folder), and
 * deleting every document would be wrong; restore the files and start again. Rejects with the file
 * system's error when a file cannot be read for another reason than being missing.
 */
export async function backfillDocumentCrc32(store: ServiceStore): Promise<Crc32Backfill> {
  const ids = store.db.prepare(`SELECT id FROM documents WHERE ${documentLacksCrc32}`).pluck().all() as string[];
  const result: Crc32Backfill = { updated: 0, removed: [] };
  if (ids.length === 0) return result;
  const lost: string[] = [];
  let missing = 0;
  for (const id of ids) {
    const record = store.documents.get(id) as DocumentRecord;
    const digest = await fileDigest(store.files.path(id));
    if (digest === null) missing++;
    if (digest === null || digest.size !== record.size || digest.sha256 !== record.sha256) {
      lost.push(id);
      continue;
    }
    const { id: _id, version: _version, createdAt: _created, updatedAt: _updated, ...body } = record;
    store.transaction(() => store.documents.save(id, { ...body, crc32: digest.crc32 }));
    result.updated++;
  }
  if (missing === ids.length) {
    throw new Error(
      `None of the ${ids.length} documents stored before contract 0.5.0 has its file in ${store.files.root}: is it the files folder of this database? Nothing was changed; restore the files and start the service again.`,
    );
  }
  const thumbnails = new ThumbnailCache(store.files);
  for (const id of lost) {
    store.transaction(() => store.documents.delete(id));
    store.files.remove(id);
    thumbnails.removeFor(id);
    result.removed.push(id);
  }
  return result;
}

/** The digest of the file at `path`, or null when there is no such file. */
async function fileDigest(path: string): Promise<ContentDigest | null> {
  try {
    return await digestFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
