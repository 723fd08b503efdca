/**
 * Downloads from a broken or hostile service (a test service of its own, test/helpers/hostile-service.ts):
 * a body that never ends is stopped at the document's size and deleted; a different body of the same
 * length is caught by the document's SHA-256 and deleted; either way the download fails with words
 * saying so, leaves no file behind and is not tried again by itself.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transfer } from '../../../preload/contract';
import type { Core } from '../../../main/core/platform';
import {
  createTempDir,
  createTestPlatform,
  readLocalDirectly,
  startTestCore,
  waitForIdle,
} from '../../helpers/core-harness';
import { transferEnded } from '../../helpers/core-waits';
import {
  changePage,
  documentRecord,
  folderRecord,
  type HostileService,
  sendJson,
  startHostileService,
  streamBody,
} from '../../helpers/hostile-service';

const mib = 1024 * 1024;

describe('downloads from a hostile service', () => {
  const dir = createTempDir();
  const downloads = join(dir.path, 'client', 'downloads');
  const content = randomBytes(2 * mib + 7);
  const folder = folderRecord();
  const endless = documentRecord(folder.id as string, 'Endless.bin', content);
  const swapped = documentRecord(folder.id as string, 'Swapped.bin', content);
  let hostile: HostileService;
  let core: Core;

  beforeAll(async () => {
    hostile = await startHostileService();
    hostile.answer('getChanges', (_req, res) =>
      sendJson(
        res,
        200,
        changePage(
          [
            ['folder', folder],
            ['document', endless],
            ['document', swapped],
          ],
          'after-documents',
          false,
        ),
      ),
    );
    core = await startTestCore(`${dir.path}/client`, createTestPlatform(), {
      downloadBackoff: { baseMs: 50, maxMs: 100 },
    });
    await core.handlers['session.signIn']({ serverUrl: hostile.url, ...hostile.credentials });
    await waitForIdle(core);
  });
  afterAll(async () => {
    await core.stop();
    await hostile.close();
    dir.remove();
  });

  const ended = (id: string) => transferEnded(core, id);
  const queueRows = () => readLocalDirectly(`${dir.path}/client/data`, 'SELECT id FROM download_queue');
  const leftOver = () => (existsSync(downloads) ? readdirSync(downloads) : []);

  it('stops a body that runs past the document size at once and deletes what arrived', async () => {
    let sent: Promise<number> = Promise.resolve(0);
    hostile.answer('downloadDocument', (_req, res) => {
      sent = streamBody(res, Number.POSITIVE_INFINITY, { 'content-type': 'application/octet-stream' });
    });
    const events: Transfer[] = [];
    const off = core.on('transfer.progress', (t) => events.push(t));
    const started = await core.handlers['documents.download']({ id: endless.id as string });
    const failed = await ended(started.id);
    off();
    expect(failed).toMatchObject({
      state: 'failed',
      localPath: null,
      error: `Downloading Endless.bin failed. The BRM service sent more than the ${content.length} bytes this document has, so the download was stopped and its partial file deleted. Download it again later; if it keeps happening, contact your administrator.`,
    });
    // The service got to send little more than the document before the client closed the connection.
    expect(await sent).toBeLessThan(content.length + 16 * mib);
    const progress = events.filter((e) => e.id === started.id);
    expect(progress.every((e) => e.bytesDone <= content.length)).toBe(true);
    expect(progress.at(-1)?.state).toBe('failed');
    expect(leftOver()).toEqual([]);
    expect(queueRows()).toEqual([]);
    expect((await core.handlers['documents.get']({ id: endless.id as string }))?.localPath).toBeNull();
    expect(hostile.requestsOf('downloadDocument')).toHaveLength(1);
  });

  it('deletes a different body of the same length after the SHA-256 check', async () => {
    const other = randomBytes(content.length);
    const before = hostile.requestsOf('downloadDocument').length;
    hostile.answer('downloadDocument', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': other.length });
      res.end(other);
    });
    const started = await core.handlers['documents.download']({ id: swapped.id as string });
    const failed = await ended(started.id);
    expect(failed).toMatchObject({
      state: 'failed',
      localPath: null,
      error:
        "Downloading Swapped.bin failed. The file that arrived does not match the document's checksum, so it was deleted. Sync, then download it again; if it keeps happening, contact your administrator.",
    });
    expect(leftOver()).toEqual([]);
    expect(queueRows()).toEqual([]);
    expect(hostile.requestsOf('downloadDocument')).toHaveLength(before + 1);

    // Asked again, with the right body this time, it downloads.
    hostile.answer('downloadDocument', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': content.length });
      res.end(content);
    });
    const again = await ended((await core.handlers['documents.download']({ id: swapped.id as string })).id);
    expect(again.state).toBe('done');
    expect(leftOver()).toEqual(['Swapped.bin']);
  });
});
