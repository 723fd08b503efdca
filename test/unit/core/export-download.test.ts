/**
 * One export as a transfer (main/core/transfers/export-download.ts) with its answer reshaped as it
 * streams (transfers/csv-reshape.ts): the reshaped file lands with its size; an answer that turns
 * out not to be CSV midway fails in words that say so (not "needs the service"), with nothing left
 * in the folder.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Transfer } from '../../../preload/contract';
import { createEventBus } from '../../../main/core/events';
import { reshapeCsv } from '../../../main/core/transfers/csv-reshape';
import type { TransferDeps } from '../../../main/core/transfers/deps';
import { startExport } from '../../../main/core/transfers/export-download';
import { createLimiter } from '../../../main/core/transfers/limiter';
import { createTransferRegistry } from '../../../main/core/transfers/registry';

describe('an export reshaped as it streams', () => {
  let dir: string;
  let ended: Promise<Transfer>;
  let deps: TransferDeps;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'export-download-'));
    const bus = createEventBus();
    ended = new Promise((resolve) =>
      bus.on('transfer.progress', (t) => ['done', 'failed', 'cancelled'].includes(t.state) && resolve(t)),
    );
    deps = {
      api: () => ({ serverUrl: 'http://127.0.0.1:4010' }),
      registry: createTransferRegistry(bus),
      limiter: createLimiter(2),
    } as unknown as TransferDeps;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** Starts the export of `csv` (sent in chunks of 5 bytes) keeping `name` and `id`, separated by semicolons. */
  function exportOf(csv: string) {
    const bytes = new TextEncoder().encode(csv);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 5) controller.enqueue(bytes.slice(at, at + 5));
        controller.close();
      },
    });
    const outcomes: Array<boolean | null> = [];
    startExport(
      deps,
      {
        name: 'contacts.csv',
        destination: { dir, name: 'contacts.csv', path: null },
        request: async () =>
          new Response(await reshapeCsv(body, { columns: ['name', 'id'], delimiter: ';', bom: false })),
        needsService: () => 'Exporting contacts needs the BRM service.',
      },
      (reached) => outcomes.push(reached),
    );
    return outcomes;
  }

  it('lands the reshaped file with its size', async () => {
    exportOf('id,name\r\n1,"Ana, Lima"\r\n2,"Bo"\r\n');
    const transfer = await ended;
    expect(transfer).toMatchObject({ state: 'done', error: null });
    const text = await readFile(transfer.localPath!, 'utf8');
    expect(text).toBe('name;id\r\n"Ana, Lima";1\r\n"Bo";2\r\n');
    expect(transfer.bytesDone).toBe(Buffer.byteLength(text));
  });

  it('fails in words when the answer is not CSV midway, leaving nothing behind', async () => {
    const outcomes = exportOf(`id,name\r\n${'1,"Ana"\r\n'.repeat(50)}2,"Bo","extra"\r\n`);
    const transfer = await ended;
    expect(transfer.state).toBe('failed');
    expect(transfer.error).toMatch(
      /^Exporting contacts\.csv failed\. The BRM service sent text that is not CSV \(Invalid Record Length: .*\), so the chosen columns could not be taken from it\. Nothing was saved; export again later, or with every column\.$/,
    );
    expect(outcomes).toEqual([true]);
    expect(await readdir(dir)).toEqual([]);
  });
});
