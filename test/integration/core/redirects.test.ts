/**
 * Redirects from the service (main/core/api/redirects.ts, docs/SECURITY.md "Connections to the
 * service"): a redirect to another origin is never followed, neither by the change feed's fetch nor
 * by a download's own socket; the request stops with words naming both origins, and the session
 * goes on. A redirect on the service's own origin is followed, at most 3 times in a row.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operations } from '../../../api/generated/operations';
import type { Core } from '../../../main/core/platform';
import { createTempDir, createTestPlatform, startTestCore, waitForIdle } from '../../helpers/core-harness';
import { transferEnded } from '../../helpers/core-waits';
import {
  changePage,
  contactRecord,
  documentRecord,
  folderRecord,
  type HostileService,
  sendJson,
  sendProblem,
  startHostileService,
} from '../../helpers/hostile-service';

/** A server on another port that answers 401 to everything, as a server that does not know the user would. */
async function startElsewhere(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    sendProblem(res, 401, 'Who are you?');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('redirects from the service', () => {
  const dir = createTempDir();
  const content = randomBytes(64 * 1024 + 3);
  const folder = folderRecord();
  const doc = documentRecord(folder.id as string, 'Moved.bin', content);
  const feedPage = () =>
    changePage(
      [
        ['folder', folder],
        ['document', doc],
        ['contact', contactRecord(1)],
      ],
      'after-page',
      false,
    );
  let hostile: HostileService;
  let elsewhere: Awaited<ReturnType<typeof startElsewhere>>;
  let core: Core;

  beforeAll(async () => {
    hostile = await startHostileService();
    elsewhere = await startElsewhere();
    hostile.answer('getChanges', (_req, res) => sendJson(res, 200, feedPage()));
    core = await startTestCore(`${dir.path}/client`, createTestPlatform(), {
      downloadBackoff: { baseMs: 50, maxMs: 100 },
    });
    await core.handlers['session.signIn']({ serverUrl: hostile.url, ...hostile.credentials });
    expect((await waitForIdle(core)).state).toBe('idle');
  });
  beforeEach(() => {
    elsewhere.requests.length = 0;
  });
  afterAll(async () => {
    await core.stop();
    await hostile.close();
    await elsewhere.close();
    dir.remove();
  });

  const redirect = (status: number, location: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(status, { location, 'content-length': 0 });
    res.end();
  };

  it('does not follow the change feed to another port, says so naming both origins, and stays signed in', async () => {
    hostile.answer('getChanges', redirect(307, `${elsewhere.url}${operations.getChanges.path}`));
    const status = await core.handlers['sync.run']({});
    expect(status.state).toBe('error');
    expect(status.message).toContain(
      `The BRM service at ${hostile.url} redirected to ${elsewhere.url}; BRM Desktop does not follow redirects to another server.`,
    );
    expect(elsewhere.requests).toEqual([]);
    expect(await core.handlers['session.get']({})).toMatchObject({ state: 'signedIn', serverUrl: hostile.url });
  });

  it('follows a redirect on the same origin', async () => {
    const before = hostile.requestsOf('getChanges').length;
    hostile.answer('getChanges', (req, res, url) => {
      if (url.searchParams.get('moved') === '1') return sendJson(res, 200, changePage([], 'after-moved', false));
      const moved = new URL(url);
      moved.searchParams.set('moved', '1');
      redirect(308, `${moved.pathname}${moved.search}`)(req, res);
    });
    const status = await core.handlers['sync.run']({});
    expect(status.state).toBe('idle');
    const seen = hostile.requestsOf('getChanges').slice(before);
    expect(seen.map((r) => r.query.get('moved'))).toEqual([null, '1']);
    // The hop carries the bearer token: it is the same service.
    expect(seen[1].headers.authorization).toMatch(/^Bearer access-/);
  });

  it('stops after 3 redirects in a row on the same origin', async () => {
    const before = hostile.requestsOf('getChanges').length;
    let hop = 0;
    hostile.answer('getChanges', (req, res, url) => redirect(307, `${url.pathname}?hop=${++hop}`)(req, res));
    const status = await core.handlers['sync.run']({});
    expect(status.state).toBe('error');
    expect(status.message).toContain(`The BRM service at ${hostile.url} redirected more than 3 times in a row`);
    expect(hostile.requestsOf('getChanges').length - before).toBe(4);
    hostile.answer('getChanges', (_req, res) => sendJson(res, 200, changePage([], 'after-loop', false)));
  });

  it('does not follow a download to another port; the download fails in words and the session goes on', async () => {
    hostile.answer('downloadDocument', redirect(302, `${elsewhere.url}/files/Moved.bin`));
    const started = await core.handlers['documents.download']({ id: doc.id as string });
    const failed = await transferEnded(core, started.id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toContain(`The BRM service at ${hostile.url} redirected to ${elsewhere.url}`);
    expect(elsewhere.requests).toEqual([]);
    expect((await core.handlers['session.get']({})).state).toBe('signedIn');
  });

  it('follows a download redirected on the same origin and checks the file as usual', async () => {
    hostile.answer('downloadDocument', (req, res, url) => {
      if (url.searchParams.get('moved') !== '1') {
        const moved = new URL(url);
        moved.searchParams.set('moved', '1');
        return redirect(307, `${moved.pathname}${moved.search}`)(req, res);
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': content.length });
      res.end(content);
    });
    const started = await core.handlers['documents.download']({ id: doc.id as string });
    const done = await transferEnded(core, started.id);
    expect(done.state).toBe('done');
    expect(await readFile(done.localPath as string)).toEqual(content);
  });
});
