/**
 * The conformance pass, generated from the contract itself: for every operation (found in
 * `api/openapi.yaml`, so new operations are covered without edits), malformed and boundary requests
 * (see `test/helpers/conformance-cases.ts`) must answer a declared 4xx `application/problem+json`
 * Problem, never a 5xx, and must leave every stored table exactly as it was. A second pass sends
 * every protected operation without a token and expects 401.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../api/generated/operations';
import { listOperations, loadContract } from '../../../server/contract/spec';
import { CaseGenerator, type ConformanceCase } from '../../helpers/conformance-cases';
import { DbDigester } from '../../helpers/conformance-digest';
import { type CheckedResponse, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

const { contract } = loadContract();
const operations = listOperations(contract);
const generator = new CaseGenerator(contract);
const notes: string[] = [];
const tally = { cases: 0, operations: 0, unauthenticated: 0 };

let t: TestService;
let digester: DbDigester;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo, rateLimits: { perUser: 1_000_000, perAddress: 1_000_000 } });
  digester = new DbDigester(join(t.dataDir, 'service.db'));
});
afterAll(async () => {
  console.info(
    `Conformance pass: ${tally.cases} malformed or boundary requests over ${tally.operations} operations, ` +
      `${tally.unauthenticated} requests without a token.${notes.length ? `\nNotes:\n- ${notes.join('\n- ')}` : ''}`,
  );
  digester?.close();
  await t?.stop();
});

function send(operationId: string, c: ConformanceCase): Promise<CheckedResponse> {
  const body = c.body;
  return t.client.call(operationId as OperationId, {
    query: c.query,
    headers: body && 'raw' in body ? { ...c.headers, 'content-type': body.contentType } : c.headers,
    body: body && 'json' in body ? body.json : undefined,
    rawBody: body && 'raw' in body ? body.raw : undefined,
  });
}

/** What is wrong with an answer to a case; null when it is right. */
function judge(c: ConformanceCase, res: CheckedResponse): string | null {
  const problem = res.body as { type?: string; errors?: unknown[]; detail?: string };
  if (res.status === 404 && problem.detail?.startsWith('No operation answers')) return 'the operation has no handler';
  if (!res.contentType?.startsWith('application/problem+json')) {
    return `answered ${res.status} as ${res.contentType}, not application/problem+json`;
  }
  if (res.status >= 500) return `answered ${res.status} (${JSON.stringify(res.body).slice(0, 300)})`;
  if (
    c.expect === 'validation' &&
    (res.status !== 400 || problem.type !== '/problems/validation' || !problem.errors?.length)
  ) {
    return `expected 400 /problems/validation with errors[], got ${res.status} ${problem.type}`;
  }
  if (c.expect === 'not-found' && res.status !== 404) return `expected 404, got ${res.status} ${problem.type}`;
  if (res.status < 400 || res.status > 499) return `expected a 4xx, got ${res.status}`;
  return null;
}

/** Sends every case of an operation; returns what went wrong and the tables that changed meanwhile. */
async function runBatch(operationId: string, cases: ConformanceCase[]) {
  const before = digester.take();
  const failures: string[] = [];
  for (const c of cases) {
    try {
      const verdict = judge(c, await send(operationId, c));
      if (verdict) failures.push(`${c.name}: ${verdict}`);
    } catch (error) {
      failures.push(`${c.name}: ${(error as Error).message.split('\n').slice(0, 3).join(' ')}`);
    }
  }
  return { failures, changed: DbDigester.changes(before, digester.take()) };
}

describe('malformed and boundary input answers a declared 4xx problem and changes nothing', () => {
  for (const op of operations) {
    it(`${op.operationId} (${op.method} ${op.path})`, async () => {
      const cases = generator.casesOf(op, notes);
      // A batch that changed stored data runs once more: background work (e.g. a sender's timer)
      // changes data once, while a request that writes does so again on the second run.
      let outcome = await runBatch(op.operationId, cases);
      if (outcome.changed.length) {
        notes.push(
          `${op.operationId}: stored data changed during its batch (${outcome.changed.join(', ')}); ran again`,
        );
        outcome = await runBatch(op.operationId, cases);
      }
      tally.cases += cases.length;
      tally.operations++;
      expect(outcome.failures, `${op.operationId}: ${outcome.failures.length} of ${cases.length} cases failed`).toEqual(
        [],
      );
      expect(outcome.changed, 'stored data changed').toEqual([]);
    });
  }
});

describe('protected operations answer 401 without a token', () => {
  for (const op of operations.filter((o) => o.requiresAuth)) {
    it(op.operationId, async () => {
      const res = await t.client.call(op.operationId as OperationId, {
        token: null,
        body: op.operation.requestBody?.content['application/json'] ? {} : undefined,
      });
      tally.unauthenticated++;
      expect(res.status).toBe(401);
      expect(res.contentType).toContain('application/problem+json');
      expect(res.body).toMatchObject({ type: '/problems/unauthorized', status: 401 });
    });
  }
});
