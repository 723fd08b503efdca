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
import { signInDemo, waitForIdle } from '../../helpers/core-harness';
import { transferEnded } from '../../helpers/core-waits';
import { type RestartableService, startRestartableService } from '../../helpers/restartable-service';

describe('export templates', () => {
  let rig: RestartableService;

  beforeAll(async () => {
    rig = await startRestartableService();
  });
  afterAll(() => rig.close());

  /** Saves as the bridge does: the input checked by the contract first. */
  function save(input: CallInput<'exports.saveTemplate'>) {
    return rig.core.handlers['exports.saveTemplate'](calls['exports.saveTemplate'].input.parse(input));
  }

  it('saves a template offline, sends it once when the service is back, keeps its answer, replaces and deletes it', async () => {
    await rig.goOffline();
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
    const waiting = await rig.core.handlers['outbox.list']({});
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

    await rig.goOnline();
    expect(await rig.push()).toEqual([]);
    const [sent] = await rig.core.handlers['exports.templates']({});
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
    expect(rig.service.repos.pim.template(sent.key)).toMatchObject({ version: 1, columns, delimiter: ';' });

    // Replaced online: sent with the version it was made against; the answer's version is kept.
    await save({
      key: sent.key,
      template: { name: 'Trade fair invitations', target: 'contacts', columns: ['email'], delimiter: '\t' },
    });
    expect(await rig.push()).toEqual([]);
    expect(await rig.core.handlers['exports.templates']({})).toEqual([
      expect.objectContaining({
        key: sent.key,
        columns: ['email'],
        delimiter: '\t',
        saved: expect.objectContaining({ version: 2 }),
      }),
    ]);
    expect(rig.service.repos.pim.template(sent.key)).toMatchObject({ version: 2, columns: ['email'] });

    // Deleted: waits in the outbox, then the service has it no more and neither does this computer.
    expect(await rig.core.handlers['exports.deleteTemplate']({ key: sent.key })).toEqual({ deleted: true });
    expect(await rig.core.handlers['exports.templates']({})).toEqual([
      expect.objectContaining({ key: sent.key, pending: expect.objectContaining({ action: 'delete' }) }),
    ]);
    expect(await rig.push()).toEqual([]);
    expect(await rig.core.handlers['exports.templates']({})).toEqual([]);
    expect(rig.service.repos.pim.template(sent.key)).toBeUndefined();

    // One never sent is forgotten at once.
    const local = await save({
      template: { name: 'Never sent', target: 'companies', columns: ['name'], delimiter: ',' },
    });
    await rig.core.handlers['exports.deleteTemplate']({ key: local.key });
    expect(await rig.core.handlers['exports.templates']({})).toEqual([]);
    expect(await rig.core.handlers['outbox.list']({})).toEqual([]);
  });

  it('keeps the templates it saved across a restart and a sign-out of the same user (the service lists none)', async () => {
    await save({ template: { name: 'Kept here', target: 'branches', columns: ['name', 'city'], delimiter: ',' } });
    expect(await rig.push()).toEqual([]);
    const before = await rig.core.handlers['exports.templates']({});
    expect(before).toEqual([
      expect.objectContaining({ name: 'Kept here', saved: expect.objectContaining({ version: 1 }) }),
    ]);
    await rig.restartCore();
    expect(await rig.core.handlers['exports.templates']({})).toEqual(before);
    await rig.core.handlers['session.signOut']({});
    await signInDemo(rig.core, rig.service);
    await waitForIdle(rig.core);
    expect(await rig.core.handlers['exports.templates']({})).toEqual(before);
    await rig.core.handlers['exports.deleteTemplate']({ key: before[0].key });
    expect(await rig.push()).toEqual([]);
  });

  it('forgets here a template whose delete the service refused (deleted from another computer) when deleted again', async () => {
    const local = await save({
      template: { name: 'Gone elsewhere', target: 'psas', columns: ['title'], delimiter: ',' },
    });
    expect(await rig.push()).toEqual([]);
    const [sent] = await rig.core.handlers['exports.templates']({});
    expect(sent.createdAs).toBe(local.key);
    rig.service.repos.pim.deleteTemplate(sent.key);
    await rig.core.handlers['exports.deleteTemplate']({ key: sent.key });
    const [refused] = await rig.push();
    expect(refused).toMatchObject({ state: 'refused', message: expect.stringContaining('404') });
    expect(await rig.core.handlers['exports.templates']({})).toEqual([
      expect.objectContaining({
        key: sent.key,
        pending: expect.objectContaining({ action: 'delete', state: 'refused' }),
      }),
    ]);
    expect(await rig.core.handlers['exports.deleteTemplate']({ key: sent.key })).toEqual({ deleted: true });
    expect(await rig.core.handlers['exports.templates']({})).toEqual([]);
    expect(await rig.core.handlers['outbox.list']({})).toEqual([]);
  });

  it('writes exactly the chosen columns in the chosen order and delimiter, the service export parsed being the oracle', async () => {
    const answer = await fetch(rig.colleague.url('exportContacts', { bom: true }), {
      headers: { authorization: `Bearer ${rig.colleague.token}` },
    });
    const full = parse(Buffer.from(await answer.arrayBuffer()), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(full.length).toBeGreaterThan(0);

    const columns = ['email', 'lastName', 'companyName', 'id'];
    const input = { target: 'contacts' as const, columns, delimiter: '\t' as const, bom: true };
    const started = await rig.core.handlers['exports.start'](calls['exports.start'].input.parse(input));
    const ended = await transferEnded(rig.core, started!.id);
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
    const folder = join(rig.dir, 'refused');
    rig.platform.chooseSaveLocation = vi.fn(async () => join(folder, 'contacts.csv'));
    try {
      // The contract's check is passed by, as a service whose file lacks a column would.
      const started = (await rig.core.handlers['exports.start']({
        target: 'contacts',
        raw: false,
        bom: false,
        columns: ['email', 'fax'],
      })) as Transfer;
      const ended = await transferEnded(rig.core, started.id);
      expect(ended.state).toBe('failed');
      expect(ended.error).toMatch(/failed\. The file has no column "fax", which the chosen columns name\./);
      expect(await readdir(folder).catch(() => [])).toEqual([]);
    } finally {
      delete rig.platform.chooseSaveLocation;
    }
    expect(
      calls['exports.start'].input.safeParse({ target: 'companies', columns: ['firstName'] }).error?.issues[0].message,
    ).toBe('The companies export has no column "firstName". Choose columns of this export.');
  });
});
