/**
 * The sync page writers, on a thread and inline: each reads a change-feed answer of the reference
 * service from its bytes, validates it, and writes it with its cursor in one transaction on its own
 * connection (visible to the main one; the thread's bulk-load pages once no next page came for a
 * moment); invalid pages and failed writes leave nothing behind.
 */
import { createContactsStore } from '../../../main/core/areas/contacts/store';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '../../../main/core/api/client';
import { parseAnswer } from '../../../main/core/api/answer';
import type { ApiChangePage } from '../../../main/core/api/types';
import { type Cache, openCache } from '../../../main/core/cache/cache';
import { ServiceError } from '../../../main/core/errors';
import type { PageCursor } from '../../../main/core/sync/page-transaction';
import {
  createInlineWriter,
  createPageWriter,
  createThreadWriter,
  type PageWriter,
  recyclingWriter,
} from '../../../main/core/sync/page-writer';
import { type RunningService, startService } from '../../../server/start';
import { countSyncedRows, createTempDir } from '../../helpers/core-harness';

const encode = (page: unknown): ArrayBuffer => new TextEncoder().encode(JSON.stringify(page)).buffer as ArrayBuffer;

/** The error the main thread's own reading of `body` throws (what the user would see without a writer). */
function readingError(body: ArrayBuffer): ServiceError {
  try {
    parseAnswer('getChanges', 200, body);
  } catch (err) {
    return err as ServiceError;
  }
  throw new Error('the page is valid');
}

describe('page writers', () => {
  const dir = createTempDir();
  let service: RunningService;
  let client: ApiClient;
  /** The first page of the feed (25 changes), as its JSON value. */
  let firstPage: ApiChangePage;

  beforeAll(async () => {
    service = await startService({
      dataDir: join(dir.path, 'service'),
      demo: { contacts: 60, companies: 8, events: 10, documents: 6, notifications: 4 },
    });
    const tokens = await createApiClient(service.url, null).call('authenticateUser', {
      body: { grantType: 'password', ...service.credentials },
      anonymous: true,
    });
    client = createApiClient(service.url, {
      accessToken: async () => tokens.accessToken,
      renew: async () => tokens.accessToken,
      ended: async () => new Error('signed out'),
    });
    const answer = await client.callRaw('getChanges', { query: { limit: 25 } });
    firstPage = parseAnswer('getChanges', answer.status, answer.body);
  });
  afterAll(async () => {
    await service.stop();
    dir.remove();
  });

  const writers: [string, (cache: Cache) => Promise<PageWriter>][] = [
    ['thread', (cache) => createThreadWriter(cache.file)],
    ['inline', async (cache) => createInlineWriter(cache.db)],
  ];

  describe.each(writers)('%s', (kind, create) => {
    let n = 0;
    async function open() {
      const dataDir = join(dir.path, `${kind}-${n++}`);
      const cache = await openCache(dataDir);
      const writer = await create(cache);
      expect(writer.kind).toBe(kind);
      const rows = () => countSyncedRows(dataDir);
      return { cache, writer, rows, empty: () => Object.values(rows()).every((count) => count === 0) };
    }

    it('writes every page of a bootstrap with its cursor, announcing each cursor before the write', async () => {
      const { cache, writer, rows, empty } = await open();
      let cursor: string | undefined;
      let applied = 0;
      for (;;) {
        const answer = await client.callRaw('getChanges', { query: { cursor, limit: 25 } });
        const events: (PageCursor | 'written')[] = [];
        const result = await writer
          .writePage(answer.body, false, cursor ?? null, (c) => events.push(c))
          .finally(() => events.push('written'));
        if (kind === 'thread') expect(answer.body.byteLength).toBe(0); // transferred, not copied
        expect(events).toEqual([{ nextCursor: result.nextCursor, hasMore: result.hasMore }, 'written']);
        // The thread keeps a bulk load's pages open for the next one a moment (page-transaction.ts, groupIdleMs).
        await expect
          .poll(() => cache.state.getSyncState(), { timeout: 2000, interval: 5 })
          .toMatchObject({ cursor: result.nextCursor, bootstrapped: !result.hasMore });
        applied += Object.values(result.applied).reduce((a, b) => a + b, 0);
        if (!result.hasMore) break;
        cursor = result.nextCursor;
      }
      const counts = rows();
      expect(applied).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
      expect(counts).toMatchObject({ companies: 8, contacts: 60, calendar_events: 10, notifications: 4 });
      expect(counts.documents).toBe(service.store.documents.counts().documents);
      expect(createContactsStore(cache.db).list({}, 0, 1).total).toBe(60);

      await writer.clear();
      expect(cache.state.getSyncState()).toEqual({ cursor: null, bootstrapped: false, lastSyncedAt: null });
      expect(empty()).toBe(true);
      await writer.close();
      cache.close();
    });

    it('refuses an invalid or unreadable page with the user-facing error, writing nothing', async () => {
      const { cache, writer, empty } = await open();
      const index = firstPage.changes.findIndex((c) => c.type === 'contact');
      const tampered = structuredClone(firstPage);
      (tampered.changes[index].data as { email: string | null }).email = 'not an e-mail address';
      const invalid = () => encode(tampered);
      const unreadable = () => new TextEncoder().encode('{"changes": [').buffer as ArrayBuffer;
      expect(readingError(invalid()).message).toMatch(
        new RegExp(`sent a page of changes that BRM Desktop does not understand \\(/changes/${index}/data/email `),
      );
      expect(readingError(unreadable()).message).toMatch(/unreadable answer to getChanges/);
      for (const body of [invalid, unreadable]) {
        let announced = false;
        const err = await writer
          .writePage(body(), false, null, () => {
            announced = true;
          })
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ServiceError);
        expect(err).toMatchObject({ code: 'server_error', status: 502, message: readingError(body()).message });
        expect(announced).toBe(false);
      }
      expect(cache.state.getSyncState().cursor).toBeNull();
      expect(empty()).toBe(true);

      // The writer keeps working after a refused page.
      const result = await writer.writePage(encode(firstPage), false, null, () => undefined);
      expect(result.nextCursor).toBe(firstPage.nextCursor);
      await writer.close();
      cache.close();
    });

    it('refuses a page that says more follow but repeats the cursor it was asked with, writing nothing', async () => {
      const { cache, writer, empty } = await open();
      const asked = firstPage.nextCursor;
      const again = encode({ ...firstPage, nextCursor: asked, hasMore: true });
      let announced = false;
      const err = await writer
        .writePage(again, true, asked, () => {
          announced = true;
        })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ServiceError);
      expect(err).toMatchObject({
        code: 'server_error',
        status: 502,
        message: expect.stringMatching(/^The BRM service sent the same page of changes again .* tries again later/),
      });
      expect(announced).toBe(false);
      expect(cache.state.getSyncState().cursor).toBeNull();
      expect(empty()).toBe(true);
      // The last page of a feed may keep its cursor: nothing follows it.
      const last = await writer.writePage(encode({ ...firstPage, hasMore: false }), true, asked, () => undefined);
      expect(last).toMatchObject({ nextCursor: asked, hasMore: false });
      await writer.close();
      cache.close();
    });

    it('rolls a page back when its transaction fails, and writes it once the cause is gone', async () => {
      const { cache, writer, empty } = await open();
      cache.db.exec(
        "CREATE TRIGGER cache.refuse_cursor BEFORE UPDATE ON sync_state BEGIN SELECT RAISE(ABORT, 'cursor refused'); END",
      );
      await expect(writer.writePage(encode(firstPage), false, null, () => undefined)).rejects.toThrow(/cursor refused/);
      expect(cache.state.getSyncState().cursor).toBeNull();
      expect(empty()).toBe(true);
      cache.db.exec('DROP TRIGGER cache.refuse_cursor');
      const result = await writer.writePage(encode(firstPage), false, null, () => undefined);
      expect(Object.values(result.applied).reduce((a, b) => a + b, 0)).toBe(firstPage.changes.length);
      expect(cache.state.getSyncState().cursor).toBe(firstPage.nextCursor);
      await writer.close();
      cache.close();
    });
  });

  it('ends its thread once a bootstrap is complete and writes the next page on a new one', async () => {
    const cache = await openCache(join(dir.path, 'recycled'));
    const first = await createThreadWriter(cache.file);
    let firstClosed = false;
    const watched: PageWriter = {
      ...first,
      close() {
        firstClosed = true;
        return first.close();
      },
    };
    const writer = recyclingWriter(watched, cache.file);
    let cursor: string | undefined;
    for (;;) {
      const answer = await client.callRaw('getChanges', { query: { cursor, limit: 25 } });
      const result = await writer.writePage(answer.body, false, cursor ?? null, () => undefined);
      // Not before the bootstrap is complete.
      expect(firstClosed).toBe(!result.hasMore);
      cursor = result.nextCursor;
      if (!result.hasMore) break;
    }
    service.store.saveContact({ firstName: 'Ines', lastName: 'Achterberg' });
    const delta = await client.callRaw('getChanges', { query: { cursor, limit: 25 } });
    const result = await writer.writePage(delta.body, true, cursor ?? null, () => undefined);
    expect(result.applied.contact).toBe(1);
    expect(createContactsStore(cache.db).list({ query: 'achterberg' }, 0, 5).total).toBe(1);
    await writer.close();
    cache.close();
  });

  it('prefers the thread, and a thread refuses to start on a database that does not exist', async () => {
    const cache = await openCache(join(dir.path, 'preferred'));
    const writer = await createPageWriter(cache.db, cache.file);
    expect(writer.kind).toBe('thread');
    await writer.close();
    cache.close();
    await expect(createThreadWriter(join(dir.path, 'missing', 'cache.db'))).rejects.toThrow();
  });
});
