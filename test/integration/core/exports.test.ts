/**
 * Exports (`exports.*`) against the reference service: each of the five exports streamed to disk as
 * a download transfer, byte for byte what the service answers; the contract's options passed on; a
 * chosen save location and a closed save dialog; a cancelled export leaves no file; without the
 * service an export says in words that it needs it; a full disk said in words with nothing left
 * behind; and a list view's file saved as given.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CallInput, calls, exportTargets, type Transfer } from '../../../preload/contract';
import type { Core } from '../../../main/core/platform';
import type { RunningService } from '../../../server/start';
import { createTempDir, createTestPlatform, waitForEvent } from '../../helpers/core-harness';
import { transferEnded } from '../../helpers/core-waits';
import { startSignedInCore } from '../../helpers/signed-in-core';
import { ServerClient, smallDemo } from '../../helpers/server-client';
import { tmpfsMounts } from '../../helpers/unwritable-folder';

const operationOf = {
  contacts: 'exportContacts',
  companies: 'exportCompanies',
  psas: 'exportPsas',
  grebates: 'exportGrebates',
  branches: 'exportBranches',
} as const;

describe('exports', () => {
  const dir = createTempDir();
  const platform = createTestPlatform();
  const downloads = join(dir.path, 'client', 'downloads');
  const mounts = tmpfsMounts(dir.path);
  let service: RunningService;
  let core: Core;
  let direct: ServerClient;

  beforeAll(async () => {
    ({ service, core } = await startSignedInCore(dir.path, { demo: smallDemo, platform }));
    direct = new ServerClient(service.url);
    await direct.signIn(service.credentials);
  });
  afterAll(async () => {
    await core.stop();
    await service.stop();
    mounts.unmountAll();
    dir.remove();
  });

  /** The service's own answer to an export, as bytes. */
  async function serviceAnswer(operationId: (typeof operationOf)[keyof typeof operationOf], query = {}) {
    const response = await fetch(direct.url(operationId, query), {
      headers: { authorization: `Bearer ${direct.token}` },
    });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  /** Asks for an export as the bridge does: the input checked and completed by the contract first. */
  function start(input: CallInput<'exports.start'>) {
    return core.handlers['exports.start'](calls['exports.start'].input.parse(input));
  }

  /** Starts an export and waits for its end. */
  async function exported(input: CallInput<'exports.start'>): Promise<Transfer> {
    const started = await start(input);
    expect(started).not.toBeNull();
    expect(started).toMatchObject({ kind: 'download', state: 'queued', documentId: null });
    const ended = await transferEnded(core, started!.id);
    expect(ended.error).toBeNull();
    expect(ended.state).toBe('done');
    return ended;
  }

  it('streams each export into the downloads folder, byte for byte what the service answers, listed as a transfer', async () => {
    for (const target of exportTargets) {
      const ended = await exported({ target });
      const file = await readFile(ended.localPath!);
      expect(file.equals(await serviceAnswer(operationOf[target]))).toBe(true);
      expect(ended.localPath).toBe(join(downloads, `${target}-${new Date().toISOString().slice(0, 10)}.csv`));
      expect(ended.bytesDone).toBe(file.byteLength);
      expect(ended.bytesTotal).toBe(file.byteLength);
      expect((await core.handlers['transfers.list']({})).find((t) => t.id === ended.id)?.state).toBe('done');
    }
    // A second export of the same kind gets a free name; no `.part` is left behind.
    const again = await exported({ target: 'contacts' });
    expect(again.localPath).toMatch(/contacts-\d{4}-\d{2}-\d{2} \(1\)\.csv$/);
    expect((await readdir(downloads)).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it("passes the contract's options on: raw, BOM, a company, a moment", async () => {
    const companies = await core.handlers['companies.list']({ offset: 0, limit: 1 });
    const companyId = companies.rows[0].id;
    const withBom = await exported({ target: 'contacts', bom: true, raw: true, companyId });
    const file = await readFile(withBom.localPath!);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.equals(await serviceAnswer('exportContacts', { bom: true, raw: true, companyId }))).toBe(true);
    const since = await exported({ target: 'psas', updatedSince: '2999-01-01T00:00:00Z' });
    const header = (await serviceAnswer('exportPsas')).toString('utf8').split('\r\n')[0];
    expect((await readFile(since.localPath!, 'utf8')).trim()).toBe(header);
    expect(calls['exports.start'].input.safeParse({ target: 'companies', companyId }).success).toBe(false);
    await expect(
      core.handlers['exports.start']({ target: 'companies', companyId, raw: false, bom: false }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it('saves where the save dialog says, and starts nothing when it is closed', async () => {
    const chosen = join(dir.path, 'chosen', 'my companies.csv');
    platform.chooseSaveLocation = vi.fn(async () => chosen);
    try {
      const ended = await exported({ target: 'companies' });
      expect(ended.localPath).toBe(chosen);
      expect(ended.name).toBe('my companies.csv');
      expect((await readFile(chosen)).equals(await serviceAnswer('exportCompanies'))).toBe(true);
      expect(platform.chooseSaveLocation).toHaveBeenCalledWith(
        expect.stringMatching(/^companies-\d{4}-\d{2}-\d{2}\.csv$/),
        { label: 'CSV file', extensions: ['csv'] },
      );
      platform.chooseSaveLocation = vi.fn(async () => null);
      const before = (await core.handlers['transfers.list']({})).length;
      expect(await start({ target: 'contacts' })).toBeNull();
      expect(await core.handlers['transfers.list']({})).toHaveLength(before);
    } finally {
      delete platform.chooseSaveLocation;
    }
  });

  it('leaves no file when the export is cancelled', async () => {
    const folder = join(dir.path, 'cancelled');
    platform.chooseSaveLocation = vi.fn(async () => join(folder, 'contacts.csv'));
    try {
      const started = await start({ target: 'contacts' });
      const ended = transferEnded(core, started!.id);
      expect(await core.handlers['transfers.cancel']({ id: started!.id })).toMatchObject({ state: 'cancelled' });
      expect((await ended).state).toBe('cancelled');
      // The `.part` it had begun is deleted once the attempt has stopped.
      await vi.waitFor(async () => expect(await readdir(folder).catch(() => [])).toEqual([]), { timeout: 10_000 });
      const listed = (await core.handlers['transfers.list']({})).find((t) => t.id === started!.id);
      expect(listed).toMatchObject({ state: 'cancelled', localPath: null });
    } finally {
      delete platform.chooseSaveLocation;
    }
  });

  it('saves the file of a list view as given, at a free name', async () => {
    const text = 'name,city\r\n"\'=1+1","Köln"\r\n';
    const saved = await core.handlers['exports.saveViewFile']({ name: 'Contacts view', text });
    expect(saved?.path).toBe(join(downloads, 'Contacts view.csv'));
    expect(saved?.bytes).toBe(Buffer.byteLength(text));
    expect(await readFile(saved!.path, 'utf8')).toBe(text);
    const second = await core.handlers['exports.saveViewFile']({ name: 'Contacts view.csv', text });
    expect(second?.path).toBe(join(downloads, 'Contacts view (1).csv'));
  });

  it('says in words that a full disk stopped the export or the saved view, and leaves nothing there', async () => {
    const full = mounts.mount('full', '16k');
    platform.chooseSaveLocation = vi.fn(async () => join(full, 'contacts.csv'));
    try {
      const started = await start({ target: 'contacts' });
      const ended = await transferEnded(core, started!.id);
      expect(ended.state).toBe('failed');
      expect(ended.error).toBe(
        `Exporting contacts.csv failed. The file could not be saved in ${full}: the disk is full. Nothing was left there. Free some space or choose another folder, then export again.`,
      );
      await expect(
        core.handlers['exports.saveViewFile']({ name: 'Contacts', text: 'x'.repeat(64 * 1024) }),
      ).rejects.toMatchObject({ code: 'storage', message: expect.stringContaining('the disk is full') });
      expect(await readdir(full)).toEqual([]);
    } finally {
      delete platform.chooseSaveLocation;
      mounts.unmount(full);
    }
  });

  it('says in words that exporting needs the service: a failed transfer when it went away, a refusal once known offline', async () => {
    await service.stop();
    const started = await start({ target: 'contacts' });
    const ended = await transferEnded(core, started!.id);
    expect(ended.state).toBe('failed');
    expect(ended.error).toBe(
      `Exporting contacts needs the BRM service, which cannot be reached at ${service.url}. Check your network connection and export again once it is back.`,
    );
    await waitForEvent(core, 'sync.status', (s) => s.state === 'offline', 10_000).catch(() => undefined);
    await expect(start({ target: 'companies' })).rejects.toMatchObject({
      code: 'offline',
      message: expect.stringContaining('Exporting companies needs the BRM service'),
    });
    expect((await readdir(downloads)).filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});
