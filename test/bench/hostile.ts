/**
 * The hostile-request part of `npm run bench:server -- --only hostile`: another user's reads
 * (`List Contact`, limit 50) alone; hostile bodies one at a time (their answer time); then the
 * reads while hostile bodies arrive without pause on several connections. The hostile bodies are
 * 500,000-item arrays for `saveExportTemplate`, `addToGroup` and `saveBlogPost`, and 1 MiB of nested
 * arrays and objects (test/integration/server/hostile-requests.test.ts sends the same). The load
 * generators are autocannon worker threads, so the service's event loop is all they share.
 * Figures for docs/PERFORMANCE.md.
 */
import { request } from 'node:http';
import autocannon from 'autocannon';
import { operations } from '../../api/generated/operations';
import type { RunningService } from '../../server/start';

/** Latency of one load generator's requests, ms, and how they were answered. */
export interface HostileFigures {
  name: string;
  connections: number;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers by status class (`2xx`, `4xx`, ...) and socket errors or timeouts. */
  statuses: string;
}

const zeros = `[${new Array(500_000).fill('0').join(',')}]`;
const mib = 1024 * 1024;

/** The hostile bodies, each about 1 MiB (at or just under the JSON body limit). */
const hostileRequests = [
  {
    name: '500,000 columns (saveExportTemplate)',
    path: operations.saveExportTemplate.path,
    body: `{"name":"W","target":"contacts","columns":${zeros}}`,
  },
  {
    name: '500,000 contact ids (addToGroup)',
    path: operations.addToGroup.path,
    body: `{"groupId":"00000000-0000-4000-8000-000000000000","contactIds":${zeros}}`,
  },
  {
    name: '500,000 tags (saveBlogPost)',
    path: operations.saveBlogPost.path,
    body: `{"title":"T","summary":"","body":"","tags":${zeros}}`,
  },
  {
    name: '1 MiB of nested arrays',
    path: operations.saveExportTemplate.path,
    body: `${'['.repeat(mib / 2 - 1)}${']'.repeat(mib / 2 - 1)}`,
  },
  {
    name: '1 MiB of nested objects',
    path: operations.saveExportTemplate.path,
    body: `${'{"a":'.repeat(Math.floor(mib / 6) - 1)}1${'}'.repeat(Math.floor(mib / 6) - 1)}`,
  },
].map((r) => ({ ...r, method: 'POST' as const }));

/** Sends one body on a new connection and waits for the whole answer; ms and the status. */
function timeOne(url: string, token: string, path: string, body: Buffer): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': body.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Each hostile body `times` times in turn on a fresh connection, nothing else running: the answer
 * time from the first byte sent to the last byte of the answer (the client runs in the service's
 * process, so its own cost, about a millisecond, is included).
 */
async function answerTimes(url: string, token: string, times: number): Promise<HostileFigures[]> {
  const rows: HostileFigures[] = [];
  for (const { name, path, body } of hostileRequests) {
    const bytes = Buffer.from(body);
    const ms: number[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < times; i++) {
      const one = await timeOne(url, token, path, bytes);
      ms.push(one.ms);
      statuses.set(one.status, (statuses.get(one.status) ?? 0) + 1);
    }
    ms.sort((a, b) => a - b);
    const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] * 10) / 10;
    rows.push({
      name: `One at a time: ${name}`,
      connections: 1,
      requests: times,
      p50: at(0.5),
      p99: at(0.99),
      max: at(1),
      statuses: [...statuses].map(([status, n]) => `${n} × ${status}`).join(', '),
    });
  }
  return rows;
}

function figures(name: string, connections: number, result: autocannon.Result): HostileFigures {
  const classes = [
    ['2xx', result['2xx']],
    ['4xx', result['4xx']],
    ['5xx', result['5xx']],
    ['errors', result.errors + result.timeouts],
  ] as const;
  return {
    name,
    connections,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    statuses: classes
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} ${k}`)
      .join(', '),
  };
}

/** A second user for the reads (the hostile requests come from the demo user). */
async function readerToken(service: RunningService): Promise<string> {
  const email = 'bench.reader@example.com';
  const password = 'correct horse battery staple';
  const contact = service.store.saveContact({ firstName: 'Bench', lastName: 'Reader', email });
  service.store.users.create(contact, email, password, ['sales']);
  const res = await fetch(`${service.url}${operations.authenticateUser.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'password', username: email, password }),
  });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/**
 * Measures reads alone, then reads and hostile requests at once, `duration` seconds each, with
 * `readConnections` readers and `hostileConnections` hostile senders (`hostileToken`'s user).
 */
export async function benchHostile(
  service: RunningService,
  hostileToken: string,
  duration: number,
  readConnections = 10,
  hostileConnections = 4,
): Promise<HostileFigures[]> {
  const readToken = await readerToken(service);
  const reads = () =>
    autocannon({
      url: `${service.url}${operations.listContacts.path}?limit=50`,
      connections: readConnections,
      duration,
      workers: 1,
      headers: { authorization: `Bearer ${readToken}` },
    });
  const hostile = (connections: number) =>
    autocannon({
      url: service.url,
      connections,
      duration,
      workers: 1,
      timeout: 60,
      headers: { authorization: `Bearer ${hostileToken}`, 'content-type': 'application/json' },
      requests: hostileRequests.map(({ method, path, body }) => ({ method, path, body })),
    });
  const baseline = await reads();
  const alone = await answerTimes(service.url, hostileToken, 20);
  const [underLoad, flood] = await Promise.all([reads(), hostile(hostileConnections)]);
  return [
    figures('Reads alone (listContacts, limit 50)', readConnections, baseline),
    ...alone,
    figures('Reads while hostile bodies arrive', readConnections, underLoad),
    figures('Hostile bodies, all 5 kinds in turn on each connection', hostileConnections, flood),
  ];
}
