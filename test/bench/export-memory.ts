/**
 * Memory of a streamed CSV export: starts the service in this process, adds contacts up to
 * `--rows` (default 100000), then downloads `Export contacts` while sampling heap and RSS every
 * 20 ms, dropping each chunk as it arrives. Prints rows, bytes, time and the peak growth of heap and
 * RSS over the baseline, so a growth that tracks the file size (rather than staying flat) shows.
 * Run: `node --expose-gc --import tsx test/bench/export-memory.ts [--rows N]`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServerClient } from '../helpers/server-client';
import { startService } from '../../server/start';

const rowsArg = process.argv.indexOf('--rows');
const target = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : 100_000;
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MiB`;
const collect = () => (globalThis as { gc?: () => void }).gc?.();

const dataDir = mkdtempSync(join(tmpdir(), 'brm-export-bench-'));
const service = await startService({
  dataDir,
  port: 0,
  demo: { contacts: 100, companies: 10, events: 1, documents: 1, notifications: 1 },
});
try {
  const { store } = service;
  const company = store.saveCompany({ name: 'Bench, "Export" Ltd.' });
  const existing = store.db.prepare('SELECT count(*) FROM contacts').pluck().get() as number;
  store.transaction(() => {
    for (let i = existing; i < target; i++) {
      store.contacts.save(
        randomUUID(),
        {
          firstName: `Zoë ${i}`,
          lastName: `Müller, "${i % 97}"`,
          email: `bench.${i}@example.com`,
          phone: '+49 30 5550 1000',
          jobTitle: i % 10 === 0 ? 'Line one\r\nLine two' : 'Buyer',
          companyId: company.id,
          type: 'customer',
          state: 'active',
          city: 'Berlin',
          country: 'DE',
        },
        { companyName: company.name },
      );
    }
  });
  const client = new ServerClient(service.url);
  await client.signIn(service.credentials);
  collect();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 20);
  const started = performance.now();
  const res = await fetch(client.url('exportContacts'), { headers: { authorization: `Bearer ${client.token}` } });
  let bytes = 0;
  let lines = 0;
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const b of value) if (b === 0x0a) lines++;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  const rows = store.db.prepare('SELECT count(*) FROM contacts').pluck().get() as number;
  console.log(
    JSON.stringify({
      rows,
      csvLines: lines,
      csv: mb(bytes),
      seconds: +(ms / 1000).toFixed(2),
      rowsPerSecond: Math.round(rows / (ms / 1000)),
      heapGrowthPeak: mb(peakHeap - base.heapUsed),
      rssGrowthPeak: mb(peakRss - base.rss),
    }),
  );
} finally {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
