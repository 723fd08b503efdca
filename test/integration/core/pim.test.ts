/**
 * PIM (`pim.*`, api/openapi.yaml tag Pim) against the reference service: the user's calendar saved
 * as an iCalendar file that parses back (RFC 5545) into exactly the events the service lists for
 * the range; the subscription address without any token in it; an import mapping file checked,
 * queued and sent through the durable upload queue, then listed and saved back to disk equal to what
 * was uploaded; a CSV file with known errors answered with its report by row and column; refusals in
 * words (a file that is not a mapping, a taken name, a file that is not CSV, an unknown mapping);
 * offline, the kept list with its age, a mapping waiting in the queue with the reason and sent once
 * the service is back (also across a restart of the app), and the actions that need the service
 * refused in words.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/platform';
import { uploadWaitingWords } from '../../../main/core/transfers/upload-outcome';
import type { components } from '../../../api/generated/schema';
import { calendarRangeSchema, type ImportMappingFile } from '../../../preload/contract';
import { type RunningService, startService } from '../../../server/start';
import {
  createTempDir,
  createTestPlatform,
  readLocalDirectly,
  startTestCore,
  waitForEvent,
  waitForIdle,
} from '../../helpers/core-harness';
import { transferEnded } from '../../helpers/core-waits';
import { ServerClient, smallDemo } from '../../helpers/server-client';
import { startSignedInCore, stopSignedInCore } from '../../helpers/signed-in-core';

type PimCalendarEventRow = components['schemas']['PimCalendarEvent'];

describe('PIM', () => {
  const dir = createTempDir();
  const platform = createTestPlatform();
  const files = join(dir.path, 'files');
  const data = join(dir.path, 'client', 'data');
  let service: RunningService;
  let core: Core;
  let direct: ServerClient;

  /** Writes `text` to a file named `name` the user picks, and returns its reference. */
  async function picked(name: string, text: string) {
    const path = join(files, `${crypto.randomUUID()}-${name}`);
    await writeFile(path, text);
    return { ref: path, name };
  }

  const mapping: ImportMappingFile = {
    name: 'Spring fair leads',
    target: 'contact',
    columns: [
      { column: 'First name', field: 'firstName', required: true, transform: 'trim' },
      { column: 'Last name', field: 'lastName', required: true, transform: 'trim' },
      { column: 'E-mail', field: 'email', required: false, transform: 'lowercase' },
      { column: 'Country', field: 'country', required: false, transform: null },
    ],
  };

  beforeAll(async () => {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(files, { recursive: true });
    ({ service, core } = await startSignedInCore(dir.path, { demo: smallDemo, platform }));
    direct = new ServerClient(service.url);
    await direct.signIn(service.credentials);
  });
  afterAll(() => stopSignedInCore(core, service, dir));

  it("saves the user's calendar as an iCalendar file that holds exactly the service's events of the range", async () => {
    const from = '2020-01-01T00:00:00Z';
    const to = '2020-12-31T00:00:00Z';
    const range = { from: new Date(Date.now() - 180 * 86_400_000).toISOString(), to: '' };
    range.to = new Date(Date.parse(range.from) + 365 * 86_400_000).toISOString();
    const listed = (await direct.call('getPimCalendar', { query: { from: range.from, to: range.to } })).body as {
      items: PimCalendarEventRow[];
      truncated: boolean;
    };
    expect(listed.items.length).toBeGreaterThan(0);

    const started = await core.handlers['pim.exportCalendar'](range);
    expect(started).toMatchObject({ kind: 'download', documentId: null });
    const ended = await transferEnded(core, started!.id);
    expect(ended.state).toBe('done');
    expect(basename(ended.localPath!)).toBe(`calendar-${range.from.slice(0, 10)}-to-${range.to.slice(0, 10)}.ics`);
    const text = await readFile(ended.localPath!, 'utf8');
    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid).sort()).toEqual(listed.items.map((e) => `${e.id}@brm`).sort());
    const first = listed.items[0];
    const parsed = events.find((e) => e.uid === `${first.id}@brm`)!;
    expect(parsed.summary).toBe(first.title);
    expect(parsed.startDate.toJSDate().getTime()).toBe(Date.parse(first.startsAt));

    // A range the contract refuses is refused at the bridge before anything is asked.
    expect(calendarRangeSchema.safeParse({ from, to: '2022-01-01T00:00:00Z' }).error?.issues[0]).toMatchObject({
      path: ['to'],
      message: 'The range may span at most 366 days.',
    });
    expect(calendarRangeSchema.safeParse({ from: to, to: from }).error?.issues[0]?.message).toBe(
      'The end must be after the start.',
    );
  });

  it('gives the subscription address of the range with no token in it, and says how the service lets it in', async () => {
    const range = { from: '2026-11-01T00:00:00.000Z', to: '2027-11-01T00:00:00.000Z' };
    const feed = await core.handlers['pim.calendarFeed'](range);
    const url = new URL(feed.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${service.url}/api/pim/getPimCalendar`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...range, format: 'ics' });
    expect(feed.access).toMatch(/no separate calendar password or feed token/);
    // The address answers the calendar to a request signed in as the user, and to nobody else.
    const signedIn = await direct.call('getPimCalendar', { query: { ...range, format: 'ics' } });
    expect(signedIn.status).toBe(200);
    expect((await fetch(feed.url)).status).toBe(401);
  });

  it('uploads a mapping file through the upload queue; the list shows it and its file comes back equal', async () => {
    const file = await picked('trade-fair.json', JSON.stringify(mapping, null, 2));
    const queued = await core.handlers['pim.uploadMapping']({ file });
    expect(queued).toMatchObject({ kind: 'upload', name: 'trade-fair.json', folderId: null });
    expect((await transferEnded(core, queued.id)).state).toBe('done');
    expect(readLocalDirectly(data, 'SELECT id FROM upload_queue')).toEqual([]);

    const list = await core.handlers['pim.mappings']({});
    expect(list.fetchedAt).not.toBeNull();
    const stored = list.value.items.find((m) => m.name === mapping.name)!;
    expect(stored).toMatchObject({ target: 'contact', columns: mapping.columns, version: 1 });

    const saved = await core.handlers['pim.downloadMapping']({ id: stored.id, name: stored.name });
    const ended = await transferEnded(core, saved!.id);
    expect(ended.state).toBe('done');
    expect(basename(ended.localPath!)).toBe('Spring fair leads.json');
    expect(JSON.parse(await readFile(ended.localPath!, 'utf8'))).toEqual(mapping);
  });

  it('refuses in words a file that is not a mapping, and fails in the service’s words a name already taken', async () => {
    await expect(
      core.handlers['pim.uploadMapping']({ file: await picked('notes.json', 'first name; last name') }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/^notes\.json is not an import mapping file: it is not JSON/),
    });
    const wrong = await picked('wrong.json', JSON.stringify({ ...mapping, target: 'deal' }));
    await expect(core.handlers['pim.uploadMapping']({ file: wrong })).rejects.toMatchObject({
      code: 'invalid_input',
      fields: [expect.objectContaining({ pointer: '/file/target' })],
    });
    await expect(
      core.handlers['pim.uploadMapping']({ file: await picked('big.json', ' '.repeat(70_000)) }),
    ).rejects.toMatchObject({ code: 'too_large', message: expect.stringMatching(/larger than the 64 KiB/) });

    const again = await core.handlers['pim.uploadMapping']({
      file: await picked('again.json', JSON.stringify(mapping)),
    });
    const failed = await transferEnded(core, again.id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/^Uploading again\.json failed\. The BRM service answered 409/);
    await core.handlers['transfers.cancel']({ id: again.id });
  });

  it('checks a CSV file with known errors and answers its report by row and column', async () => {
    const csv = [
      'firstName,lastName,email,country',
      'Dana,Reyes,dana@example.com,US',
      'Ola,Berg,ola(at)example,NO',
      'Kim,,kim@example.com,DE',
      'Lee,Park,lee@example.com,XX',
      ',,,',
    ].join('\r\n');
    const report = await core.handlers['pim.validateFile']({
      file: await picked('leads.csv', csv),
      target: 'contact',
    });
    expect(report).toMatchObject({
      target: 'contact',
      mappingId: null,
      fileName: 'leads.csv',
      header: ['firstName', 'lastName', 'email', 'country'],
      totals: { rows: 4, valid: 1, invalid: 3, blank: 1 },
      truncated: false,
    });
    expect(report.issues.map((i) => [i.row, i.column?.name ?? null, i.code])).toEqual([
      [3, 'email', 'invalidEmail'],
      [4, 'lastName', 'missingRequired'],
      [5, 'country', 'invalidCountry'],
    ]);

    // Against an uploaded mapping, by its column names.
    const stored = (await core.handlers['pim.mappings']({ target: 'contact' })).value.items.find(
      (m) => m.name === mapping.name,
    )!;
    const byMapping = await core.handlers['pim.validateFile']({
      file: await picked('fair.csv', 'First name;Last name;E-mail;Country\r\nAna;Lima;ANA@EXAMPLE.COM;BR'),
      mappingId: stored.id,
      delimiter: ';',
    });
    expect(byMapping).toMatchObject({ mappingId: stored.id, totals: { rows: 1, valid: 1, invalid: 0 }, issues: [] });
  });

  it('says in words why a file cannot be checked: not CSV, too large, an unknown mapping', async () => {
    await expect(
      core.handlers['pim.validateFile']({ file: await picked('photo.png', 'not a table'), target: 'company' }),
    ).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/^photo\.png is not a CSV file/) });
    const big = join(files, 'big.csv');
    await writeFile(big, Buffer.alloc(10_485_761, 'a'));
    await expect(
      core.handlers['pim.validateFile']({ file: { ref: big, name: 'big.csv' }, target: 'company' }),
    ).rejects.toMatchObject({
      code: 'too_large',
      message: expect.stringMatching(/^big\.csv \(10 MiB\) is larger than the 10 MiB/),
    });
    await expect(
      core.handlers['pim.validateFile']({
        file: await picked('a.csv', 'name\r\nAcme'),
        mappingId: crypto.randomUUID(),
      }),
    ).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/^The import mapping you chose is no longer on the BRM service/),
    });
  });

  it('offline keeps the list with its age, queues a mapping until the service is back, and refuses what needs the service in words', async () => {
    const before = await core.handlers['pim.mappings']({});
    const port = Number(new URL(service.url).port);
    await service.stop();
    await core.handlers['pim.mappings']({});
    await waitForEvent(core, 'sync.status', (s) => s.state === 'offline', 10_000).catch(() => undefined);
    expect(await core.handlers['pim.mappings']({})).toEqual(before);
    expect(await core.handlers['pim.mappings']({ target: 'company' })).toEqual({
      value: { items: [], more: false },
      fetchedAt: null,
    });
    const needs = `needs the BRM service, which cannot be reached at ${service.url}.`;
    const range = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
    await expect(core.handlers['pim.exportCalendar'](range)).rejects.toMatchObject({
      code: 'offline',
      message: expect.stringContaining(`Exporting your calendar ${needs}`),
    });
    await expect(
      core.handlers['pim.validateFile']({ file: await picked('x.csv', 'name\r\nAcme'), target: 'company' }),
    ).rejects.toMatchObject({ code: 'offline', message: expect.stringContaining(`Checking a file ${needs}`) });
    await expect(
      core.handlers['pim.downloadMapping']({ id: before.value.items[0].id, name: before.value.items[0].name }),
    ).rejects.toMatchObject({ code: 'offline' });

    const offline: ImportMappingFile = { ...mapping, name: 'Written offline' };
    const waiting = await core.handlers['pim.uploadMapping']({
      file: await picked('offline.json', JSON.stringify(offline)),
    });
    expect(waiting).toMatchObject({ state: 'queued', error: uploadWaitingWords.service });
    const landed = transferEnded(core, waiting.id, 60_000);
    service = await startService({ dataDir: `${dir.path}/service`, port });
    await waitForIdle(core);
    expect((await landed).state).toBe('done');
    const names = (await core.handlers['pim.mappings']({})).value.items.map((m) => m.name);
    expect(names).toContain('Written offline');
  });

  it('keeps a mapping file queued offline across a restart of the app, and sends it once the service is back', async () => {
    const port = Number(new URL(service.url).port);
    await service.stop();
    await core.handlers['pim.mappings']({});
    await waitForEvent(core, 'sync.status', (s) => s.state === 'offline', 10_000).catch(() => undefined);
    const queued = await core.handlers['pim.uploadMapping']({
      file: await picked('restart.json', JSON.stringify({ ...mapping, name: 'Kept across a restart' })),
    });
    expect(queued.state).toBe('queued');

    await core.stop();
    core = await startTestCore(join(dir.path, 'client'), platform);
    expect((await core.handlers['transfers.list']({})).find((t) => t.id === queued.id)).toMatchObject({
      kind: 'upload',
      name: 'restart.json',
      folderId: null,
      state: 'queued',
    });
    const ended = transferEnded(core, queued.id, 60_000);
    service = await startService({ dataDir: `${dir.path}/service`, port });
    await core.handlers['sync.run']({});
    expect((await ended).state).toBe('done');
    const listed = (await direct.call('getImportMappingsFile', { query: { q: 'Kept' } })).body as {
      items: { name: string }[];
    };
    expect(listed.items.map((m) => m.name)).toEqual(['Kept across a restart']);
  });
});
