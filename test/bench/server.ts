/**
 * `npm run bench:server [-- --duration 10] [-- --connections 1,50,200] [-- --only list,search,delta,bootstrap,hostile]`:
 * the reference service under load (autocannon, its load generator in a worker thread) on the
 * default demo data set, in a temp dir: `List Contact`, `Search Documents`, the change feed as a
 * delta from a current cursor and as a bootstrap's first page. Prints requests/s, p50/p99 latency and
 * errors per scenario and connection count, as a table for docs/PERFORMANCE.md; `hostile` then gives
 * another user's read latency alone and while hostile bodies arrive, and the hostile answers' own
 * latency (`./hostile.ts`). Never part of `npm test`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { type OperationId, operations } from '../../api/generated/operations';
import { startService } from '../../server/start';
import { benchHostile } from './hostile';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '1,50,200' },
    only: { type: 'string' },
  },
});
const duration = Number(values.duration);
const connectionCounts = (values.connections ?? '').split(',').map(Number);

interface Scenario {
  /** Short name for `--only` (list, search, delta, bootstrap; `hostile` is `./hostile.ts`). */
  key: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface Figures {
  scenario: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Mean bytes per answer (body and headers). */
  bytes: number;
}

function pathOf(operationId: OperationId, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${operations[operationId].path}${search ? `?${search}` : ''}`;
}

async function run(url: string, token: string, scenario: Scenario, connections: number): Promise<Figures> {
  const result = await autocannon({
    url: `${url}${scenario.path}`,
    method: scenario.method,
    connections,
    duration,
    workers: 1,
    headers: {
      authorization: `Bearer ${token}`,
      ...(scenario.body ? { 'content-type': 'application/json' } : {}),
    },
    body: scenario.body,
  });
  return {
    scenario: scenario.name,
    connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brm-bench-server-'));
  const service = await startService({
    dataDir,
    rateLimits: { perUser: 1_000_000_000, perAddress: 1_000_000_000 },
  });
  try {
    console.info(`Seeded the default demo set in ${Math.round(service.seedMs)} ms.`);
    const signIn = await fetch(`${service.url}${operations.authenticateUser.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantType: 'password', ...service.credentials }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };
    let cursor: string | undefined;
    for (let more = true; more; ) {
      const page = await fetch(
        `${service.url}${pathOf('getChanges', { limit: '2000', ...(cursor ? { cursor } : {}) })}`,
        {
          headers: auth,
        },
      );
      const body = (await page.json()) as { nextCursor: string; hasMore: boolean };
      cursor = body.nextCursor;
      more = body.hasMore;
    }
    const scenarios: Scenario[] = [
      {
        key: 'list',
        name: 'List Contact (listContacts, limit 50)',
        method: 'GET',
        path: pathOf('listContacts', { limit: '50' }),
      },
      {
        key: 'search',
        name: 'Search Documents (searchDocuments, "price list")',
        method: 'POST',
        path: pathOf('searchDocuments'),
        body: JSON.stringify({ query: 'price list', limit: 50 }),
      },
      {
        key: 'delta',
        name: 'Get changes, delta from a current cursor',
        method: 'GET',
        path: pathOf('getChanges', { cursor: cursor as string }),
      },
      { key: 'bootstrap', name: 'Get changes, bootstrap first page (500)', method: 'GET', path: pathOf('getChanges') },
    ];
    const rows: Figures[] = [];
    const only = values.only?.split(',');
    for (const scenario of scenarios.filter((s) => !only || only.includes(s.key))) {
      for (const connections of connectionCounts) {
        const figures = await run(service.url, accessToken, scenario, connections);
        rows.push(figures);
        console.info(`${scenario.name} @ ${connections}: ${Math.round(figures.requestsPerSecond)} req/s`);
      }
    }
    console.info(
      `\nMachine: ${cpus().length} × ${cpus()[0]?.model}; Node ${process.version}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; ${duration} s per run.\n`,
    );
    console.info('| Scenario | Connections | Requests/s | p50 ms | p99 ms | Errors | Non-2xx | Bytes per answer |');
    console.info('|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.info(
        `| ${r.scenario} | ${r.connections} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.bytes} |`,
      );
    }
    if (!only || only.includes('hostile')) {
      const hostile = await benchHostile(service, accessToken, duration);
      console.info('\n| Load | Connections | Requests | p50 ms | p99 ms | max ms | Answers |');
      console.info('|---|---|---|---|---|---|---|');
      for (const h of hostile) {
        console.info(
          `| ${h.name} | ${h.connections} | ${h.requests} | ${h.p50} | ${h.p99} | ${h.max} | ${h.statuses} |`,
        );
      }
    }
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
