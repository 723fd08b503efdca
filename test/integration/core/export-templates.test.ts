/**
 * Export templates against the reference service: a template saved offline waits in the outbox
 * (a newer save replacing it), is sent once when the service is back and kept here with the
 * service's id and version (the service lists none); replaced and deleted through the outbox; a
 * second one of the same name refused here in words; kept across a restart and a sign-out; one the
 * service no longer has forgotten here when deleted again. An export with chosen columns writes exactly
 * them, in order, with the chosen delimiter (compared with the service's full export, parsed); a
 * column the file does not have is refused in words before anything is written.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CallInput, calls, type ExportTemplateSave, type Transfer } from '../../../preload/contract';
import type { Core } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import { createTempDir, createTestPlatform, signInDemo, startTestCore, waitForIdle } from '../../helpers/core-harness';
import { transferEnded } from '../../helpers/core-waits';
import { ServerClient, smallDemo } from '../../helpers/server-client';
import { startSignedInCore, stopSignedInCore } from '../../helpers/signed-in-core';

describe('export templates', () => {
  const dir = createTempDir();
  const platform = createTestPlatform();
  let service: RunningService;
  let core: Core;

  const coreOptions = { syncBackoff: { baseMs: 200, maxMs: 1000 } };

  beforeAll(async () => {
    ({ service, core } = await startSignedInCore(dir.path, { demo: smallDemo, platform, core: coreOptions }));
  });
  afterAll(() => stopSignedInCore(core, service, dir));

  /** Saves as the bridge does: the input checked by the contract first. */
  function save(input: CallInput<'exports.saveTemplate'>) {
    return core.handlers['exports.saveTemplate'](calls['exports.saveTemplate'].input.parse(input));
  }

  /** Sends the outbox now and returns what is left in it. */
  async function push() {
    await core.handlers['sync.run']({});
    return core.handlers['outbox.list']({});
  }

  it('saves a template offline, sends it once when the service is back, keeps its answer, replaces and deletes it', async () => {
    const port = Number(new URL(service.url).port);
    await service.stop();
    await core.handlers['sync.run']({});
    const first = await save({
      template: { name: 'Trade fair invitations', target: 'contacts', columns: ['email', 'lastName'], delimiter: ';' },
    });
    expect(first).toMatchObject({
      name: 'Trade fair invitations',
      saved: null,
      pending: { action: 'save', state: 'waiting' },
    });
    // A newer save of the same template while it waits replaces the waiting one.
    const columns: ExportTemplateSave['columns'] = ['email', 'lastName', 'firstName', 'country'];
    const newer = await save({
      key: first.key,
      template: { name: 'Trade fair invitations', target: 'contacts', columns, delimiter: ';' },
    });
    expect(newer).toMatchObject({ key: first.key, columns, saved: null });
    const waiting = await core.handlers['outbox.list']({});
    expect(waiting.map((e) => [e.kind, e.summary])).toEqual([
      ['action', 'Save the contacts export template "Trade fair invitations"'],
    ]);
    // Another template of the same export may not take its name.
    await expect(
      save({ template: { name: 'Trade fair invitations', target: 'contacts', columns: ['id'], delimiter: ',' } }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('"Trade fair invitations" is saved here already'),
    });

    service = await startService({ dataDir: `${dir.path}/service`, port, demo: smallDemo });
    await waitForIdle(core);
    expect(await push()).toEqual([]);
    const [sent] = await core.handlers['exports.templates']({});
    expect(sent).toMatchObject({
      name: 'Trade fair invitations',
      target: 'contacts',
      columns,
      delimiter: ';',
      pending: null,
      createdAs: first.key,
      saved: { version: 1 },
    });
    expect(sent.key).toBe(sent.saved!.id);
    // Sent once: the service holds it at version 1, as this computer keeps it.
    expect(service.repos.pim.template(sent.key)).toMatchObject({ version: 1, columns, delimiter: ';' });

    // Replaced online: sent with the version it was made against; the answer's version is kept.
    await save({
      key: sent.key,
      template: { name: 'Trade fair invitations', target: 'contacts', columns: ['email'], delimiter: '\t' },
    });
    expect(await push()).toEqual([]);
    expect(await core.handlers['exports.templates']({})).toEqual([
      expect.objectContaining({
        key: sent.key,
        columns: ['email'],
        delimiter: '\t',
        saved: expect.objectContaining({ version: 2 }),
      }),
    ]);
    expect(service.repos.pim.template(sent.key)).toMatchObject({ version: 2, columns: ['email'] });

    // Deleted: waits in the outbox, then the service has it no more and neither does this computer.
    expect(await core.handlers['exports.deleteTemplate']({ key: sent.key })).toEqual({ deleted: true });
    expect(await core.handlers['exports.templates']({})).toEqual([
      expect.objectContaining({ key: sent.key, pending: expect.objectContaining({ action: 'delete' }) }),
    ]);
    expect(await push()).toEqual([]);
    expect(await core.handlers['exports.templates']({})).toEqual([]);
    expect(service.repos.pim.template(sent.key)).toBeUndefined();

    // One never sent is forgotten at once.
    const local = await save({
      template: { name: 'Never sent', target: 'companies', columns: ['name'], delimiter: ',' },
    });
    await core.handlers['exports.deleteTemplate']({ key: local.key });
    expect(await core.handlers['exports.templates']({})).toEqual([]);
    expect(await core.handlers['outbox.list']({})).toEqual([]);
  });

  it('keeps the templates it saved across a restart and a sign-out of the same user (the service lists none)', async () => {
    await save({ template: { name: 'Kept here', target: 'branches', columns: ['name', 'city'], delimiter: ',' } });
    expect(await push()).toEqual([]);
    const before = await core.handlers['exports.templates']({});
    expect(before).toEqual([
      expect.objectContaining({ name: 'Kept here', saved: expect.objectContaining({ version: 1 }) }),
    ]);
    await core.stop();
    core = await startTestCore(`${dir.path}/client`, platform, coreOptions);
    await waitForIdle(core);
    expect(await core.handlers['exports.templates']({})).toEqual(before);
    await core.handlers['session.signOut']({});
    await signInDemo(core, service);
    await waitForIdle(core);
    expect(await core.handlers['exports.templates']({})).toEqual(before);
    await core.handlers['exports.deleteTemplate']({ key: before[0].key });
    expect(await push()).toEqual([]);
  });

  it('forgets here a template whose delete the service refused (deleted from another computer) when deleted again', async () => {
    const local = await save({
      template: { name: 'Gone elsewhere', target: 'psas', columns: ['title'], delimiter: ',' },
    });
    expect(await push()).toEqual([]);
    const [sent] = await core.handlers['exports.templates']({});
    expect(sent.createdAs).toBe(local.key);
    service.repos.pim.deleteTemplate(sent.key);
    await core.handlers['exports.deleteTemplate']({ key: sent.key });
    const [refused] = await push();
    expect(refused).toMatchObject({ state: 'refused', message: expect.stringContaining('404') });
    expect(await core.handlers['exports.templates']({})).toEqual([
      expect.objectContaining({
        key: sent.key,
        pending: expect.objectContaining({ action: 'delete', state: 'refused' }),
      }),
    ]);
    expect(await core.handlers['exports.deleteTemplate']({ key: sent.key })).toEqual({ deleted: true });
    expect(await core.handlers['exports.templates']({})).toEqual([]);
    expect(await core.handlers['outbox.list']({})).toEqual([]);
  });

  it('writes exactly the chosen columns in the chosen order and delimiter, the service export parsed being the oracle', async () => {
    const direct = new ServerClient(service.url);
    await direct.signIn(service.credentials);
    const answer = await fetch(direct.url('exportContacts', { bom: true }), {
      headers: { authorization: `Bearer ${direct.token}` },
    });
    const full = parse(Buffer.from(await answer.arrayBuffer()), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(full.length).toBeGreaterThan(0);

    const columns = ['email', 'lastName', 'companyName', 'id'];
    const input = { target: 'contacts' as const, columns, delimiter: '\t' as const, bom: true };
    const started = await core.handlers['exports.start'](calls['exports.start'].input.parse(input));
    const ended = await transferEnded(core, started!.id);
    expect(ended).toMatchObject({ state: 'done', error: null });
    const file = await readFile(ended.localPath!);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(ended.bytesDone).toBe(file.byteLength);
    expect(file.subarray(3).toString('utf8').split('\r\n')[0]).toBe('email\tlastName\tcompanyName\tid');
    const rows = parse(file, { bom: true, delimiter: '\t' }) as string[][];
    expect(rows).toEqual([columns, ...full.map((row) => columns.map((name) => row[name]))]);
    // The service's cells as they were: formulas kept from running, text quoted.
    expect(file.toString('utf8')).toContain(`\t"${full[0].lastName.replaceAll('"', '""')}"\t`);
  });

  it('refuses a column the file does not have in words, before anything is written', async () => {
    const folder = join(dir.path, 'refused');
    platform.chooseSaveLocation = vi.fn(async () => join(folder, 'contacts.csv'));
    try {
      // The contract's check is passed by, as a service whose file lacks a column would.
      const started = (await core.handlers['exports.start']({
        target: 'contacts',
        raw: false,
        bom: false,
        columns: ['email', 'fax'],
      })) as Transfer;
      const ended = await transferEnded(core, started.id);
      expect(ended.state).toBe('failed');
      expect(ended.error).toMatch(/failed\. The file has no column "fax", which the chosen columns name\./);
      expect(await readdir(folder).catch(() => [])).toEqual([]);
    } finally {
      delete platform.chooseSaveLocation;
    }
    expect(
      calls['exports.start'].input.safeParse({ target: 'companies', columns: ['firstName'] }).error?.issues[0].message,
    ).toBe('The companies export has no column "firstName". Choose columns of this export.');
  });
});
