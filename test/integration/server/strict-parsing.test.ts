/**
 * Strict parsing (docs/SECURITY.md, Reference service; the conventions of `api/openapi.yaml`):
 * integer query parameters are digits, a content-coded request body answers 415, and text fields
 * refuse control characters other than tab and line breaks.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../api/generated/operations';
import { type Problem, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
});
afterAll(() => t.stop());

describe('integers in query strings', () => {
  it('answers 400 at /query/limit for anything but digits', async () => {
    for (const limit of ['1e2', '0x10', ' 5', '5.0', '+5', '5 ', '']) {
      const res = await t.client.call('listContacts', { query: { limit } });
      expect(res.status, JSON.stringify(limit)).toBe(400);
      expect((res.body as Problem).errors?.map((e) => e.pointer)).toEqual(['/query/limit']);
    }
  });

  it('takes digits, and a negative number only where the schema allows it', async () => {
    expect((await t.client.call('listContacts', { query: { limit: '007' } })).status).toBe(200);
    const negative = await t.client.call('listContacts', { query: { limit: '-5' } });
    expect(negative.status).toBe(400);
    expect((negative.body as Problem).errors?.[0]?.detail).toBe('must be >= 1');
  });
});

describe('content-coded request bodies', () => {
  const saveCompany = new URL(operations.saveCompany.path, 'http://x').pathname;
  const send = (body: Uint8Array | string, encoding: string) =>
    fetch(`${t.service.url}${saveCompany}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${t.client.token}`,
        'content-type': 'application/json',
        'content-encoding': encoding,
      },
      body,
    });

  it('answers 415 with Accept-Encoding: identity, whether or not the bytes are coded', async () => {
    const json = JSON.stringify({ name: 'Coded Ltd' });
    for (const [body, encoding] of [
      [json, 'gzip'],
      [new Uint8Array(gzipSync(json)), 'gzip'],
      [json, 'br'],
      [json, 'identity, deflate'],
    ] as const) {
      const res = await send(body, encoding);
      expect(res.status, encoding).toBe(415);
      expect(res.headers.get('accept-encoding')).toBe('identity');
      const problem = (await res.json()) as Problem;
      expect(problem.type).toBe('/problems/unsupported-media-type');
      expect(problem.errors?.map((e) => e.pointer)).toEqual(['/header/Content-Encoding']);
    }
  });

  it('takes a body marked identity', async () => {
    const res = await send(JSON.stringify({ name: 'Plain Ltd' }), 'identity');
    expect(res.status).toBe(201);
  });
});

describe('text fields', () => {
  it('refuse control characters other than tab and line breaks, in words', async () => {
    const res = await t.client.call('saveCompany', { body: { name: 'Bell Ltd', industry: 'Tools\u0007' } });
    expect(res.status).toBe(400);
    expect((res.body as Problem).errors).toEqual([
      { pointer: '/body/industry', detail: 'must not contain control characters other than tabs and line breaks' },
    ]);
    const ok = await t.client.call('saveCompany', { body: { name: 'Tab Ltd', industry: 'Tools\tand dies' } });
    expect(ok.status).toBe(201);
  });
});
