/**
 * Fault: a broken or hostile service (docs/RELIABILITY.md), played by the test service of
 * test/helpers/hostile-service.ts in front of a well-behaved feed (test/helpers/hostile-feed.ts).
 * A client that synced and holds local-only work (a downloaded document, a draft, a new contact the
 * service refused and the outbox holds, its server URL) meets one of: a feed page that repeats the
 * cursor it was asked with while `hasMore` is true; a feed page streamed without a Content-Length
 * past the core's page limit, without end; a download body that never ends; a different download
 * body of the same length. Sync stops with an error in words after at most a few requests and
 * writes nothing of the bad answer; a download fails with words and leaves no file. The cache and
 * the local work stay intact, and once the service behaves the client syncs (and downloads) again.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Core } from '../../../main/core/platform';
import {
  createTestPlatform,
  readLocalDirectly,
  startTestCore,
  waitForEvent,
  waitForIdle,
} from '../../helpers/core-harness';
import { downloadEnded, syncCursor } from '../../helpers/core-waits';
import { createKeptFeed, type KeptFeed } from '../../helpers/hostile-feed';
import {
  changePage,
  contactRecord,
  documentRecord,
  folderRecord,
  type HostileHandler,
  type HostileService,
  sendJson,
  startHostileService,
  streamBody,
} from '../../helpers/hostile-service';
import {
  downloadADocument,
  keepADraft,
  type LocalWork,
  missingLocalWork,
  queueAnEdit,
  serverUrlOf,
} from '../../helpers/local-work';
import { cachedVersions, differences } from '../cache-state';
import { cacheVersusService } from '../held-edits';
import { type FaultScenario, runTrial, type TrialResult } from '../scenario';

const scenario = 'Hostile service';
const repeatedCursor = 'A feed page that repeats its cursor while hasMore is true';
const oversizedPage = 'A feed page streamed without a Content-Length past the page limit';
const endlessDownload = 'A download body that never ends';
const swappedDownload = 'A different download body of the same length';

/** The core's page limit in these trials, bytes: a page past it is streamed and refused quickly. */
const maxSyncPageBytes = 256 * 1024;
const mib = 1024 * 1024;
const backoff = { baseMs: 100, maxMs: 400 };

/** A client of the hostile service that synced and holds local-only work. */
interface Rig {
  hostile: HostileService;
  feed: KeptFeed;
  core: Core;
  dataDir: string;
  downloadsDir: string;
  /** Contacts the feed holds, to send changed versions of. */
  contacts: Record<string, unknown>[];
  /** The document the download faults are about, and its content. */
  target: { id: string; name: string; content: Buffer };
  work: LocalWork;
}

let numbered = 0;
/** Adds `count` new contacts to the rig's feed. */
function addContacts(feed: KeptFeed, contacts: Record<string, unknown>[], count: number): void {
  for (let i = 0; i < count; i++) {
    const record = contactRecord(++numbered);
    contacts.push(record);
    feed.add('contact', record);
  }
}

/**
 * Starts the hostile service with a well-behaved feed (a folder, two documents, 20–120 contacts)
 * and a client in `dir` that syncs it, downloads the smaller document, keeps a draft and saves a
 * new contact, which the service refuses (it stores nothing) and the outbox holds.
 */
async function startRig(dir: string, n: number, random: () => number): Promise<Rig> {
  const hostile = await startHostileService();
  const feed = createKeptFeed();
  const contacts: Record<string, unknown>[] = [];
  const folder = folderRecord();
  feed.add('folder', folder);
  const kept = randomBytes(1024 + Math.floor(random() * 64 * 1024));
  feed.add('document', documentRecord(folder.id as string, 'Kept.bin', kept), kept);
  const content = randomBytes(128 * 1024 + Math.floor(random() * mib));
  const target = documentRecord(folder.id as string, 'Target.bin', content);
  feed.add('document', target, content);
  addContacts(feed, contacts, 20 + Math.floor(random() * 100));
  feed.serveOn(hostile);

  const core = await startTestCore(dir, createTestPlatform(), {
    syncBackoff: backoff,
    downloadBackoff: backoff,
    maxSyncPageBytes,
  }).catch(async (err: unknown) => {
    await hostile.close();
    throw err;
  });
  const dataDir = join(dir, 'data');
  try {
    await core.handlers['session.signIn']({ serverUrl: hostile.url, ...hostile.credentials });
    await waitForIdle(core);
    const download = await downloadADocument(core);
    const draft = await keepADraft(core, `contact:new:${n}`);
    const lastName = `Refused-${n}`;
    await queueAnEdit(core, lastName);
    await core.handlers['sync.run']({});
    const held = await core.handlers['outbox.list']({});
    assert.deepEqual(
      held.map((entry) => entry.state),
      ['refused'],
      'the new contact is held in the outbox, refused',
    );
    return {
      hostile,
      feed,
      core,
      dataDir,
      downloadsDir: join(dir, 'downloads'),
      contacts,
      target: { id: target.id as string, name: 'Target.bin', content },
      work: { edits: [lastName], download, draft, serverUrl: await serverUrlOf(core) },
    };
  } catch (err) {
    await core.stop();
    await hostile.close();
    throw err;
  }
}

/** What the cache held before a fault: its records' versions and its cursor. */
function cacheState(rig: Rig) {
  return { versions: cachedVersions(rig.dataDir), cursor: syncCursor(rig.dataDir) };
}

/** Asserts the cache holds what `before` says: nothing of a bad answer was written. */
function assertUnchanged(rig: Rig, before: ReturnType<typeof cacheState>): void {
  const now = cacheState(rig);
  assert.deepEqual(differences(now.versions, before.versions), [], 'the cache changed');
  assert.equal(now.cursor, before.cursor, 'the cursor changed');
}

/**
 * Answers getChanges with `answer`, runs sync, and checks how the run failed: an error whose message
 * matches `words`, after at most `maxRequests` requests, nothing written. Returns the requests made.
 */
async function syncMeetsFault(rig: Rig, answer: HostileHandler, words: RegExp, maxRequests: number): Promise<number> {
  const { core, hostile } = rig;
  const before = cacheState(rig);
  const asked = hostile.requestsOf('getChanges').length;
  let requests = 0;
  const failed = waitForEvent(core, 'sync.status', (s) => {
    if (s.state !== 'error') return false;
    requests = hostile.requestsOf('getChanges').length - asked;
    return true;
  });
  hostile.answer('getChanges', answer);
  void core.handlers['sync.run']({});
  const status = await failed;
  assert.match(status.message ?? '', words);
  assert.ok(status.nextRetryAt, 'the error says when sync tries again');
  assert.ok(requests <= maxRequests, `${requests} requests before sync stopped`);
  assertUnchanged(rig, before);
  return requests;
}

/** The service behaves again, with `count` new contacts: resolves when sync retried by itself and is idle. */
async function behavesAgain(rig: Rig, count: number): Promise<void> {
  addContacts(rig.feed, rig.contacts, count);
  const idle = waitForEvent(rig.core, 'sync.status', (s) => s.state === 'idle');
  rig.feed.serveOn(rig.hostile);
  await idle;
}

/** The files of the downloads folder that belong to the target document (its file or `.part`). */
function targetFiles(rig: Rig): string[] {
  if (!existsSync(rig.downloadsDir)) return [];
  return readdirSync(rig.downloadsDir).filter((name) => name.startsWith('Target'));
}

/**
 * Answers the target document's download with `answer`, asks for it, and checks how it failed: the
 * transfer failed with `words`, and neither its file nor its `.part` nor its queue row is left.
 */
async function downloadMeetsFault(rig: Rig, answer: HostileHandler, words: string): Promise<void> {
  const { core, hostile, target } = rig;
  const before = cacheState(rig);
  hostile.answer('downloadDocument', (req, res, url) =>
    url.searchParams.get('id') === target.id ? answer(req, res, url) : rig.feed.answerDownload(req, res, url),
  );
  const ended = downloadEnded(core, target.id);
  await core.handlers['documents.download']({ id: target.id });
  const failed = await ended;
  assert.equal(failed.state, 'failed', 'the download');
  assert.equal(failed.localPath, null);
  assert.ok(failed.error?.includes(words), `the download's words: ${failed.error}`);
  assert.deepEqual(targetFiles(rig), [], 'files left of the download');
  assert.deepEqual(readLocalDirectly(rig.dataDir, 'SELECT id FROM download_queue'), [], 'queued downloads');
  assert.equal((await core.handlers['documents.get']({ id: target.id }))?.localPath, null);
  assertUnchanged(rig, before);
}

/** The service behaves again: the target downloads whole and right, and sync runs to idle. */
async function downloadsAgain(rig: Rig): Promise<void> {
  const { core, target } = rig;
  rig.feed.serveOn(rig.hostile);
  const ended = downloadEnded(core, target.id);
  await core.handlers['documents.download']({ id: target.id });
  const done = await ended;
  assert.equal(done.state, 'done', `the download once the service behaves: ${done.error}`);
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  assert.equal(sha256(readFileSync(done.localPath ?? '')), sha256(target.content), 'the downloaded file');
  // The failed download was not tried again by itself: one request for it, then this one.
  const asked = rig.hostile.requestsOf('downloadDocument').filter((r) => r.query.get('id') === target.id);
  assert.equal(asked.length, 2, 'requests for the document');
  const status = await core.handlers['sync.run']({});
  assert.equal(status.state, 'idle', `sync once the service behaves: ${status.message}`);
}

/**
 * Checks the end of a trial: the local work all there (each missing item counts as lost) and the
 * cache equal to what the feed holds, apart from the record of the held new contact.
 */
async function afterTrial(rig: Rig, note: string): Promise<TrialResult> {
  const missing = await missingLocalWork(rig.core, rig.dataDir, rig.work);
  const wrong = await cacheVersusService(rig.core, rig.dataDir, rig.hostile.url, rig.hostile.credentials);
  assert.deepEqual(wrong, [], 'the cache differs from the service');
  return { lost: missing.length, detail: missing.length ? `lost ${missing.join(', ')}` : note };
}

/** Runs one trial of a fault on a fresh client in `dir`. */
async function trial(
  dir: string,
  n: number,
  random: () => number,
  fault: (rig: Rig) => Promise<string>,
): Promise<TrialResult> {
  const rig = await startRig(dir, n, random);
  try {
    const note = await fault(rig);
    return await afterTrial(rig, note);
  } finally {
    await rig.core.stop();
    await rig.hostile.close();
  }
}

/** The page repeats the cursor it was asked with: new contacts and changed versions of kept ones, "more follows". */
async function repeatsItsCursor(rig: Rig, random: () => number): Promise<string> {
  const news = Array.from({ length: 1 + Math.floor(random() * 20) }, () => contactRecord(++numbered));
  const changed = rig.contacts
    .slice(0, 1 + Math.floor(random() * 10))
    .map((record) => ({ ...record, version: (record.version as number) + 1, jobTitle: 'Repeated page' }));
  const page = [...news, ...changed].map((record) => ['contact', record] as [string, Record<string, unknown>]);
  const requests = await syncMeetsFault(
    rig,
    (_req, res, url) => {
      const asked = url.searchParams.get('cursor') ?? 'start';
      sendJson(res, 200, changePage(page, asked, true));
    },
    /^The BRM service sent the same page of changes again instead of the next one, so sync stopped\./,
    3,
  );
  await behavesAgain(rig, 1 + Math.floor(random() * 10));
  return `stopped after ${requests} request(s); ${page.length} changes of the page not written; synced again`;
}

/** The page is streamed without a Content-Length and never ends. */
async function oversized(rig: Rig, random: () => number): Promise<string> {
  let sent: Promise<number> = Promise.resolve(0);
  let first = true;
  await syncMeetsFault(
    rig,
    (_req, res) => {
      const streamed = streamBody(res, Number.POSITIVE_INFINITY, { 'content-type': 'application/json' }, 0x5b);
      if (first) sent = streamed;
      first = false;
    },
    /^The BRM service sent an answer to getChanges larger than .+, the most BRM Desktop reads at once, so it was not read\./,
    1,
  );
  await behavesAgain(rig, 1 + Math.floor(random() * 10));
  const bytes = await sent;
  assert.ok(bytes < maxSyncPageBytes + 64 * mib, `the service sent ${bytes} bytes before the client hung up`);
  return `refused after the service sent ${(bytes / mib).toFixed(1)} MiB (limit ${maxSyncPageBytes / 1024} KiB); synced again`;
}

/** The download's body runs past the document's size without end. */
async function endless(rig: Rig): Promise<string> {
  let sent: Promise<number> = Promise.resolve(0);
  await downloadMeetsFault(
    rig,
    (_req, res) => {
      sent = streamBody(res, Number.POSITIVE_INFINITY, { 'content-type': 'application/octet-stream' });
    },
    `The BRM service sent more than the ${rig.target.content.length} bytes this document has, so the download was stopped and its partial file deleted.`,
  );
  const bytes = await sent;
  assert.ok(bytes < rig.target.content.length + 64 * mib, `the service sent ${bytes} bytes before the client hung up`);
  await downloadsAgain(rig);
  return `stopped after ${(bytes / mib).toFixed(1)} MiB of a ${(rig.target.content.length / mib).toFixed(1)} MiB document; downloaded again`;
}

/** The download's body is other bytes of the same length. */
async function swapped(rig: Rig): Promise<string> {
  const other = randomBytes(rig.target.content.length);
  await downloadMeetsFault(
    rig,
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': other.length });
      res.end(other);
    },
    "The file that arrived does not match the document's checksum, so it was deleted.",
  );
  await downloadsAgain(rig);
  return `${other.length} wrong bytes caught by the SHA-256 and deleted; downloaded again`;
}

/** The scenario: `trials` trials of each hostile answer, each on a fresh client. */
export const hostileService: FaultScenario = {
  name: scenario,
  async run({ workDir, random, log }, trials) {
    const faults: [string, (rig: Rig) => Promise<string>][] = [
      [repeatedCursor, (rig) => repeatsItsCursor(rig, random)],
      [oversizedPage, (rig) => oversized(rig, random)],
      [endlessDownload, endless],
      [swappedDownload, swapped],
    ];
    for (let n = 0; n < trials; n++) {
      for (const [i, [name, fault]] of faults.entries()) {
        await runTrial(log, scenario, name, () => trial(join(workDir, `${i}-${n}`), n, random, fault));
      }
    }
  },
};
