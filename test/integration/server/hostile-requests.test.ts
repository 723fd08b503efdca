/**
 * No single request can stall the reference service (docs/SECURITY.md, Reference service): bodies of
 * 500,000 (and 9,000) array items, 1 MiB of nested JSON, a 100 KB query string and a 64 KB header each get a
 * short answer (400, 413, 414 or 431; a Problem with at most 10 `errors` where the service can still
 * answer), while another user's reads, sent at the same time, keep being answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../api/generated/operations';
import { maxProblemErrors } from '../../../server/http/problem';
import { createExtraUser, type ExtraUser } from '../../helpers/extra-user';
import { rawRequest } from '../../helpers/raw-http';
import { smallDemo, startTestService, type TestService } from '../../helpers/server-client';

let t: TestService;
let reader: ExtraUser;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo, rateLimits: { perUser: 100_000, perAddress: 100_000 } });
  reader = await createExtraUser(t, 'Reader', ['sales']);
});
afterAll(() => t.stop());

/** The statuses a hostile request may get: refused as invalid, too large, URI or headers too long. */
const refusals = [400, 413, 414, 431];

/** What a hostile request got: its status and, when the answer is a Problem, its `errors`. */
interface Answer {
  status: number;
  errors?: unknown[];
  problem: boolean;
}

/** Sends a JSON text (not re-serialized) to an operation as the signed-in demo user. */
async function postJson(operationId: keyof typeof operations, json: string): Promise<Answer> {
  const res = await fetch(new URL(operations[operationId].path, t.service.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${t.client.token}`, 'content-type': 'application/json' },
    body: json,
  });
  const problem = (res.headers.get('content-type') ?? '').startsWith('application/problem+json');
  const text = await res.text();
  const errors = problem ? (JSON.parse(text) as { errors?: unknown[] }).errors : undefined;
  return { status: res.status, errors, problem };
}

/** 500,000 zeros as a JSON array: just under the 1 MiB body limit, every item of the wrong type. */
const zeros = `[${new Array(500_000).fill('0').join(',')}]`;

/** About `bytes` of JSON nested as deep as it fits, as arrays or as objects. */
function nested(kind: 'array' | 'object', bytes: number): string {
  if (kind === 'array') return `${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}`;
  const levels = Math.floor((bytes - 1) / 6);
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

const hostile: Array<{ name: string; send: () => Promise<Answer> }> = [
  {
    name: 'saveExportTemplate with 500,000 columns',
    send: () => postJson('saveExportTemplate', `{"name":"Wide","target":"contacts","columns":${zeros}}`),
  },
  {
    // Under the parser's member limit, so the validator itself meets every item.
    name: 'saveExportTemplate with 9,000 columns of the wrong type',
    send: () =>
      postJson('saveExportTemplate', `{"name":"W","target":"contacts","columns":[${new Array(9000).fill('0')}]}`),
  },
  {
    name: 'addToGroup with 500,000 contact ids',
    send: () => postJson('addToGroup', `{"groupId":"00000000-0000-4000-8000-000000000000","contactIds":${zeros}}`),
  },
  {
    name: 'saveBlogPost with 500,000 tags',
    send: () => postJson('saveBlogPost', `{"title":"Tags","summary":"","body":"","tags":${zeros}}`),
  },
  { name: '1 MiB of nested arrays', send: () => postJson('saveExportTemplate', nested('array', 1024 * 1024)) },
  { name: '1 MiB of nested objects', send: () => postJson('saveExportTemplate', nested('object', 1024 * 1024)) },
  {
    name: 'a 100 KB query string',
    send: async () => {
      const path = `${operations.listContacts.path}?q=${'a'.repeat(100_000)}`;
      return raw(`GET ${path} HTTP/1.1`);
    },
  },
  {
    name: 'a 64 KB header',
    send: () => raw(`GET ${operations.listContacts.path} HTTP/1.1`, `X-Padding: ${'a'.repeat(64 * 1024)}`),
  },
];

async function raw(requestLine: string, ...lines: string[]): Promise<Answer> {
  const head = [requestLine, 'Host: 127.0.0.1', `Authorization: Bearer ${t.client.token}`, 'Connection: close'];
  const res = await rawRequest(t.service.url, [...head, ...lines, '', ''].join('\r\n'));
  const problem = (res.headers['content-type'] ?? '').startsWith('application/problem+json');
  return { status: res.status, errors: (res.json as { errors?: unknown[] } | undefined)?.errors, problem };
}

/** Another user's read: the first page of contacts. */
async function read(): Promise<number> {
  const res = await reader.client.call('listContacts', { query: { limit: 20 } });
  return res.status;
}

describe('hostile requests', () => {
  for (const { name, send } of hostile) {
    it(`refuses ${name} with a short answer`, async () => {
      const answer = await send();
      expect(refusals).toContain(answer.status);
      expect(answer.problem).toBe(true);
      expect(answer.errors?.length ?? 0).toBeLessThanOrEqual(maxProblemErrors);
      expect(await read()).toBe(200);
    });
  }

  it('keeps answering another user while all of them arrive at once, three times over', async () => {
    let hostileDone = false;
    const sent = Promise.all(Array.from({ length: 3 }, () => hostile.map(({ send }) => send())).flat()).finally(() => {
      hostileDone = true;
    });
    const reads: number[] = [];
    // Reads start with the hostile requests and go on until the last of them is answered.
    do reads.push(await read());
    while (!hostileDone);
    const answers = await sent;
    for (const answer of answers) {
      expect(refusals).toContain(answer.status);
      expect(answer.errors?.length ?? 0).toBeLessThanOrEqual(maxProblemErrors);
    }
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((status) => status === 200)).toBe(true);
  });
});
