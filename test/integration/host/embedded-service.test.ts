/** The embedded demo service keeps its URL from one launch to the next, so a saved session still names it. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedServiceDir, startEmbeddedService } from '../../../main/embedded-service';

const dataDir = mkdtempSync(join(tmpdir(), 'brm-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded demo service', () => {
  it('starts on the same URL the next time, and on another free port when that one is taken', async () => {
    const first = await startEmbeddedService(dataDir);
    await first.service.stop();
    const second = await startEmbeddedService(dataDir);
    expect(second.url).toBe(first.url);
    await second.service.stop();

    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(Number(new URL(first.url).port), '127.0.0.1', done));
    try {
      const third = await startEmbeddedService(dataDir);
      expect(third.url).not.toBe(first.url);
      await third.service.stop();
    } finally {
      await new Promise((done) => blocker.close(done));
    }
  });

  it('ignores a recorded port that is not a port', async () => {
    writeFileSync(join(embeddedServiceDir(dataDir), 'port'), 'not a port\n');
    const service = await startEmbeddedService(dataDir);
    expect(Number(new URL(service.url).port)).toBeGreaterThan(0);
    await service.service.stop();
  });
});
