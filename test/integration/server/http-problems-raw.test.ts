/**
 * Every error is an RFC 9457 problem (`application/problem+json` matching the contract's Problem
 * schema), also the ones Node and Fastify give before an operation runs: a repeated or invalid
 * `Content-Length`, `Content-Length` with `Transfer-Encoding`, garbage, oversized headers, an
 * unsupported media type, malformed JSON, a body over 1 MiB, an unknown path or method, a broken
 * URL. Sent over raw sockets (`node:net`), since `fetch` refuses to send most of these.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../api/generated/operations';
import { compileContractSchema, createContractAjv } from '../../../server/contract/ajv';
import { loadContract } from '../../../server/contract/spec';
import { type RawResponse, rawRequest } from '../../helpers/raw-http';
import { smallDemo, startTestService, type TestService } from '../../helpers/server-client';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
});
afterAll(() => t.stop());

const isProblem = compileContractSchema(createContractAjv(loadContract().contract), {
  $ref: '#/components/schemas/Problem',
});

const saveUser = operations.saveUser.path;

/** A request head: the request line, Host, the token and the given header lines. */
function head(requestLine: string, ...lines: string[]): string {
  return [requestLine, 'Host: 127.0.0.1', `Authorization: Bearer ${t.client.token}`, ...lines, '', ''].join('\r\n');
}

function expectProblem(res: RawResponse, status: number, type: string): { errors?: Array<{ pointer: string }> } {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(isProblem(res.json), JSON.stringify(isProblem.errors)).toBe(true);
  expect(res.json).toMatchObject({ type, status });
  return res.json as { errors?: Array<{ pointer: string }> };
}

describe('requests Node refuses before routing', () => {
  it('answers a repeated Content-Length with 400 at /header/Content-Length and closes the connection', async () => {
    const res = await rawRequest(
      t.service.url,
      `${head(`POST ${saveUser} HTTP/1.1`, 'Content-Type: application/json', 'Content-Length: 2', 'Content-Length: 2')}{}`,
    );
    const problem = expectProblem(res, 400, '/problems/validation');
    expect(problem.errors?.map((e) => e.pointer)).toEqual(['/header/Content-Length']);
    expect(res.headers.connection).toBe('close');
    expect(res.closedByServer).toBe(true);
  });

  it('answers two different Content-Lengths, an invalid one and one beside Transfer-Encoding with 400', async () => {
    for (const lines of [
      ['Content-Length: 2', 'Content-Length: 5'],
      ['Content-Length: abc'],
      ['Content-Length: -1'],
      ['Content-Length: 2', 'Transfer-Encoding: chunked'],
    ]) {
      const res = await rawRequest(
        t.service.url,
        `${head(`POST ${saveUser} HTTP/1.1`, 'Content-Type: application/json', ...lines)}{}`,
      );
      expectProblem(res, 400, '/problems/validation');
      expect(res.closedByServer).toBe(true);
    }
  });

  it('answers garbage instead of a request line with 400', async () => {
    const res = await rawRequest(t.service.url, 'HELLO THERE\r\n\r\n');
    expectProblem(res, 400, '/problems/validation');
    expect(res.closedByServer).toBe(true);
  });

  it('answers request headers over 16 KiB with 431', async () => {
    const res = await rawRequest(t.service.url, head('GET /openapi.json HTTP/1.1', `X-Padding: ${'a'.repeat(20_000)}`));
    expectProblem(res, 431, '/problems/too-large');
  });

  it('answers a URL with a broken %-escape with 400', async () => {
    const res = await rawRequest(t.service.url, head('GET /api/contact/%zz HTTP/1.1', 'Connection: close'));
    expectProblem(res, 400, '/problems/validation');
  });
});

describe('requests Fastify refuses before an operation runs', () => {
  it('answers a body in a media type the operation does not take with 415 at /header/Content-Type', async () => {
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      const body = type.startsWith('multipart') ? '--x--\r\n' : '{}';
      const res = await rawRequest(
        t.service.url,
        `${head(`POST ${saveUser} HTTP/1.1`, `Content-Type: ${type}`, `Content-Length: ${body.length}`, 'Connection: close')}${body}`,
      );
      const problem = expectProblem(res, 415, '/problems/unsupported-media-type');
      expect(problem.errors?.[0].pointer).toBe('/header/Content-Type');
    }
  });

  it('answers a body without a Content-Type with 415', async () => {
    const res = await rawRequest(
      t.service.url,
      `${head(`POST ${saveUser} HTTP/1.1`, 'Content-Length: 2', 'Connection: close')}{}`,
    );
    expectProblem(res, 415, '/problems/unsupported-media-type');
  });

  it('answers malformed JSON with 400 at /body', async () => {
    const res = await rawRequest(
      t.service.url,
      `${head(`POST ${saveUser} HTTP/1.1`, 'Content-Type: application/json', 'Content-Length: 9', 'Connection: close')}{"first":`,
    );
    expect(expectProblem(res, 400, '/problems/validation').errors?.[0].pointer).toBe('/body');
  });

  it('answers a JSON body over 1 MiB with 413, announced or streamed (chunked)', async () => {
    const announced = await rawRequest(
      t.service.url,
      `${head(`POST ${saveUser} HTTP/1.1`, 'Content-Type: application/json', 'Content-Length: 2000000', 'Connection: close')}{}`,
    );
    expectProblem(announced, 413, '/problems/too-large');
    const chunk = `{"firstName":"${'a'.repeat(1_100_000)}"}`;
    const streamed = await rawRequest(
      t.service.url,
      `${head(`POST ${saveUser} HTTP/1.1`, 'Content-Type: application/json', 'Transfer-Encoding: chunked', 'Connection: close')}${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`,
    );
    expectProblem(streamed, 413, '/problems/too-large');
  });

  it('answers an unknown path with 404 and a method the path does not take with 405 and Allow', async () => {
    const unknown = await rawRequest(t.service.url, head('GET /api/contact/noSuchThing HTTP/1.1', 'Connection: close'));
    expectProblem(unknown, 404, '/problems/not-found');
    const wrong = await rawRequest(t.service.url, head(`DELETE ${saveUser} HTTP/1.1`, 'Connection: close'));
    expectProblem(wrong, 405, '/problems/method-not-allowed');
    expect(wrong.headers.allow).toBe('POST');
    const get = await rawRequest(
      t.service.url,
      head(`PUT ${operations.listContacts.path} HTTP/1.1`, 'Connection: close'),
    );
    expectProblem(get, 405, '/problems/method-not-allowed');
    expect(get.headers.allow).toBe('GET, HEAD');
  });
});
