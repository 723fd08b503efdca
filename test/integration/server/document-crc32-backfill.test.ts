/**
 * Documents stored before contract 0.5.0 gain `crc32` once, when the service starts on their
 * database (docs/API-CHANGELOG.md, 0.5.0; server/db/document-crc32-backfill.ts): each is written
 * again with the CRC-32 of its file, its version goes up and a client's next delta carries it. A
 * document whose file is lost is deleted; a files folder without any of their files stops the start.
 * A database "before 0.5.0" is made from a seeded one: `crc32` removed from the stored JSON (records
 * and change feed), the index of schema version 4 dropped, `user_version` set back to 3.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from '@node-rs/crc32';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { schemaVersion } from '../../../server/db/schema';
import { type RunningService, startService } from '../../../server/start';
import { ServerClient, smallDemo } from '../../helpers/server-client';

type DocumentRecord = components['schemas']['Document'];
type Change = components['schemas']['Change'];
type ChangePage = components['schemas']['ChangePage'];

const crc32Hex = (b: Buffer) => crc32(b).toString(16).padStart(8, '0');

let dataDir: string;
let service: RunningService | null = null;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'brm-crc32-backfill-'));
  service = await startService({ dataDir, port: 0, demo: smallDemo });
});
afterAll(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Stops the running service and starts a new one on the same data folder. */
async function restart(): Promise<RunningService> {
  await service?.stop();
  service = null;
  service = await startService({ dataDir, port: 0 });
  return service;
}

/** Every stored document, by id, read straight from the database file (the service is stopped). */
function storedDocuments(): Map<string, DocumentRecord> {
  const db = new Database(join(dataDir, 'service.db'), { readonly: true });
  try {
    const rows = db.prepare('SELECT data FROM documents').pluck().all() as string[];
    return new Map(rows.map((json) => [(JSON.parse(json) as DocumentRecord).id, JSON.parse(json) as DocumentRecord]));
  } finally {
    db.close();
  }
}

/** The highest change-feed sequence number in the database file. */
function lastSeq(): number {
  const db = new Database(join(dataDir, 'service.db'), { readonly: true });
  try {
    return db.prepare('SELECT MAX(seq) FROM changes').pluck().get() as number;
  } finally {
    db.close();
  }
}

/** Turns the (stopped) service's database back into one written before contract 0.5.0. */
function asBefore050(): void {
  const db = new Database(join(dataDir, 'service.db'));
  try {
    db.exec(`
      UPDATE documents SET data = json_remove(data, '$.crc32');
      UPDATE changes SET data = json_remove(data, '$.crc32') WHERE type = 'document' AND op = 'upsert';
      DROP INDEX documents_without_crc32;
      PRAGMA user_version = 3;`);
  } finally {
    db.close();
  }
}

/** Every change after `cursor`, read as a client reads them (checked against the contract). */
async function changesAfter(client: ServerClient, cursor?: string): Promise<{ changes: Change[]; cursor: string }> {
  const changes: Change[] = [];
  for (;;) {
    const res = await client.call('getChanges', { query: { cursor, limit: 2000 } });
    expect(res.status).toBe(200);
    const page = res.body as ChangePage;
    changes.push(...page.changes);
    cursor = page.nextCursor;
    if (!page.hasMore) return { changes, cursor };
  }
}

async function signedIn(running: RunningService): Promise<ServerClient> {
  const client = new ServerClient(running.url);
  await client.signIn(running.credentials);
  return client;
}

describe('crc32 of documents stored before contract 0.5.0', () => {
  let beforeUpgrade: Map<string, DocumentRecord>;
  let lostId: string;

  it('seeds every document with the CRC-32 of its file, and a new database has nothing to backfill', async () => {
    const running = service as RunningService;
    expect(running.crc32Backfill).toEqual({ updated: 0, removed: [] });
    const documents = running.store.db.prepare('SELECT data FROM documents').pluck().all() as string[];
    expect(documents.length).toBeGreaterThan(smallDemo.documents);
    for (const json of documents) {
      const document = JSON.parse(json) as DocumentRecord;
      expect(document.crc32, document.name).toBe(crc32Hex(readFileSync(running.store.files.path(document.id))));
    }
    expect(running.store.db.pragma('user_version', { simple: true })).toBe(schemaVersion);
  });

  it('writes each document again with its crc32 at the next start, and deletes one whose file is lost', async () => {
    const client = await signedIn(service as RunningService);
    const { cursor } = await changesAfter(client);
    // A document with relations (a clone or an unpacked file) loses its file.
    lostId = (service as RunningService).store.db
      .prepare('SELECT document_id FROM document_links ORDER BY document_id LIMIT 1')
      .pluck()
      .get() as string;
    await service?.stop();
    service = null;
    beforeUpgrade = storedDocuments();
    asBefore050();
    expect([...storedDocuments().values()].some((d) => 'crc32' in d)).toBe(false);
    rmSync(join(dataDir, 'files', lostId));

    const running = await restart();
    const kept = [...beforeUpgrade.keys()].filter((id) => id !== lostId);
    expect(running.crc32Backfill).toEqual({ updated: kept.length, removed: [lostId] });
    expect(running.store.db.pragma('user_version', { simple: true })).toBe(schemaVersion);
    for (const id of kept) {
      const before = beforeUpgrade.get(id) as DocumentRecord;
      const after = running.store.documents.get(id) as DocumentRecord;
      const { version: _v, updatedAt: _u, ...unchanged } = before;
      expect(after).toMatchObject({ ...unchanged, version: before.version + 1 });
      expect(after.crc32).toBe(crc32Hex(readFileSync(running.store.files.path(id))));
    }
    expect(running.store.documents.get(lostId)).toBeUndefined();
    expect(
      running.store.db
        .prepare('SELECT COUNT(*) FROM document_links WHERE document_id = ? OR other_id = ?')
        .pluck()
        .get(lostId, lostId),
    ).toBe(0);

    // A client that synced before the upgrade gets every document again, with crc32, and the tombstone.
    const again = await signedIn(running);
    const delta = (await changesAfter(again, cursor)).changes.filter((c) => c.type === 'document');
    const upserts = new Map(delta.filter((c) => c.op === 'upsert').map((c) => [c.id, c]));
    expect([...upserts.keys()].sort()).toEqual([...kept].sort());
    for (const id of kept) {
      const change = upserts.get(id) as Change;
      expect(change.version).toBe((beforeUpgrade.get(id) as DocumentRecord).version + 1);
      expect((change.data as DocumentRecord).crc32).toBe((running.store.documents.get(id) as DocumentRecord).crc32);
    }
    expect(delta.filter((c) => c.op === 'delete').map((c) => c.id)).toEqual([lostId]);
    expect((await again.call('downloadDocument', { query: { id: lostId } })).status).toBe(404);
  });

  it('does nothing at a later start', async () => {
    await service?.stop();
    service = null;
    const documents = storedDocuments();
    const seq = lastSeq();
    const running = await restart();
    expect(running.crc32Backfill).toEqual({ updated: 0, removed: [] });
    await running.stop();
    service = null;
    expect(storedDocuments()).toEqual(documents);
    expect(lastSeq()).toBe(seq);
    const plan = new Database(join(dataDir, 'service.db'), { readonly: true });
    try {
      const detail = plan
        .prepare("EXPLAIN QUERY PLAN SELECT id FROM documents WHERE json_extract(data, '$.crc32') IS NULL")
        .all() as { detail: string }[];
      expect(detail.map((d) => d.detail).join(' ')).toContain('documents_without_crc32');
    } finally {
      plan.close();
    }
  });

  it('refuses to start, changing nothing, when none of those documents has its file', async () => {
    asBefore050();
    const documents = storedDocuments();
    const seq = lastSeq();
    const files = join(dataDir, 'files');
    const away = join(dataDir, `files-${randomUUID()}`);
    renameSync(files, away);
    await expect(startService({ dataDir, port: 0 })).rejects.toThrow(
      `None of the ${documents.size} documents stored before contract 0.5.0 has its file`,
    );
    expect(storedDocuments()).toEqual(documents);
    expect(lastSeq()).toBe(seq);
    rmSync(files, { recursive: true, force: true });
    renameSync(away, files);
    const running = await restart();
    expect(running.crc32Backfill).toEqual({ updated: documents.size, removed: [] });
  });
});
