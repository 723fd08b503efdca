/**
 * Auth and input validation of every operation: 401 problems without or with a bad token, 400
 * problems with JSON pointers for malformed input, 404 problems for unknown routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OperationId, operations } from '../../../api/generated/operations';
import { type CallOptions, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
});
afterAll(() => t.stop());

const uuid = '7d5a2b8e-6f1c-4c3e-9a7b-2e4d6f8a0b1c';

const protectedOps = (Object.keys(operations) as OperationId[]).filter((id) => id !== 'authenticateUser');

describe('authentication', () => {
  for (const operationId of protectedOps) {
    it(`${operationId} answers 401 without a token and with a bad one`, async () => {
      for (const token of [null, 'not-a-valid-token-0123456789']) {
        const res = await t.client.call(operationId, {
          token,
          body: operations[operationId].method === 'POST' ? {} : undefined,
        });
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        expect(res.body).toMatchObject({
          type: '/problems/unauthorized',
          status: 401,
          instance: operations[operationId].path,
        });
      }
    });
  }
});

interface BadInput {
  operationId: OperationId;
  name: string;
  options: CallOptions;
  pointer: string;
}

const cursorOf = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
const json = (body: string): CallOptions => ({ rawBody: body, headers: { 'content-type': 'application/json' } });

const badInputs: BadInput[] = [
  {
    operationId: 'authenticateUser',
    name: 'unknown grant',
    options: { body: { grantType: 'magic' } },
    pointer: '/body/grantType',
  },
  { operationId: 'authenticateUser', name: 'malformed JSON', options: json('{"grantType":'), pointer: '/body' },
  {
    operationId: 'authenticateUser',
    name: 'missing password',
    options: { body: { grantType: 'password', username: 'a@example.com' } },
    pointer: '/body/password',
  },
  {
    operationId: 'authenticateUser',
    name: 'unknown field',
    options: { body: { grantType: 'refresh_token', refreshToken: 'x'.repeat(20), scope: 'all' } },
    pointer: '/body/scope',
  },
  {
    operationId: 'authenticateUser',
    name: 'short refresh token',
    options: { body: { grantType: 'refresh_token', refreshToken: 'short' } },
    pointer: '/body/refreshToken',
  },
  { operationId: 'listContacts', name: 'limit 0', options: { query: { limit: 0 } }, pointer: '/query/limit' },
  { operationId: 'listContacts', name: 'limit 501', options: { query: { limit: 501 } }, pointer: '/query/limit' },
  {
    operationId: 'listContacts',
    name: 'limit not a number',
    options: { query: { limit: 'ten' } },
    pointer: '/query/limit',
  },
  {
    operationId: 'listContacts',
    name: 'garbage cursor',
    options: { query: { cursor: '!!!' } },
    pointer: '/query/cursor',
  },
  {
    operationId: 'listContacts',
    name: 'foreign cursor',
    options: { query: { cursor: cursorOf({ s: 1, h: 0 }) } },
    pointer: '/query/cursor',
  },
  { operationId: 'listContacts', name: 'unknown sort', options: { query: { sort: 'email' } }, pointer: '/query/sort' },
  {
    operationId: 'listContacts',
    name: 'bad companyId',
    options: { query: { companyId: '42' } },
    pointer: '/query/companyId',
  },
  { operationId: 'listContacts', name: 'bad state', options: { query: { state: 'deleted' } }, pointer: '/query/state' },
  { operationId: 'getUser', name: 'missing id', options: {}, pointer: '/query/id' },
  { operationId: 'getUser', name: 'bad id', options: { query: { id: 'abc' } }, pointer: '/query/id' },
  { operationId: 'getCompanies', name: 'limit 0', options: { query: { limit: 0 } }, pointer: '/query/limit' },
  {
    operationId: 'getCompanies',
    name: 'cursor of another sort',
    options: { query: { cursor: cursorOf({ l: 'companies', s: '-name', k: ['A', uuid] }) } },
    pointer: '/query/cursor',
  },
  { operationId: 'getCompany', name: 'bad id', options: { query: { id: 'abc' } }, pointer: '/query/id' },
  {
    operationId: 'listCalendarEvents',
    name: 'missing from',
    options: { query: { to: '2026-01-01T00:00:00Z' } },
    pointer: '/query/from',
  },
  {
    operationId: 'listCalendarEvents',
    name: 'bad date',
    options: { query: { from: 'yesterday', to: '2026-01-01T00:00:00Z' } },
    pointer: '/query/from',
  },
  {
    operationId: 'listCalendarEvents',
    name: 'to before from',
    options: { query: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } },
    pointer: '/query/to',
  },
  { operationId: 'getCalendarDetail', name: 'missing id', options: {}, pointer: '/query/id' },
  { operationId: 'getCalendarRecipients', name: 'missing eventId', options: {}, pointer: '/query/eventId' },
  {
    operationId: 'listFolderDocuments',
    name: 'bad folderId',
    options: { query: { folderId: 'root' } },
    pointer: '/query/folderId',
  },
  {
    operationId: 'listFolderDocuments',
    name: 'bad cursor',
    options: { query: { cursor: cursorOf({ l: 'x' }) } },
    pointer: '/query/cursor',
  },
  { operationId: 'getDocumentDetail', name: 'bad id', options: { query: { id: '1' } }, pointer: '/query/id' },
  {
    operationId: 'downloadDocument',
    name: 'Range over 200 characters',
    options: { query: { id: uuid }, headers: { range: `bytes=${'0'.repeat(200)}-` } },
    pointer: '/header/Range',
  },
  { operationId: 'downloadDocument', name: 'missing id', options: {}, pointer: '/query/id' },
  {
    operationId: 'uploadDocument',
    name: 'short Idempotency-Key',
    options: { headers: { 'idempotency-key': 'abc' }, rawBody: new FormData() },
    pointer: '/header/Idempotency-Key',
  },
  { operationId: 'searchDocuments', name: 'missing query', options: { body: {} }, pointer: '/body/query' },
  {
    operationId: 'searchDocuments',
    name: 'limit 0',
    options: { body: { query: 'price', limit: 0 } },
    pointer: '/body/limit',
  },
  { operationId: 'searchDocuments', name: 'malformed JSON', options: json('[1,'), pointer: '/body' },
  {
    operationId: 'searchDocuments',
    name: 'bad cursor',
    options: { body: { query: 'price', cursor: 'zzzz' } },
    pointer: '/body/cursor',
  },
  { operationId: 'getNotifications', name: 'bad state', options: { query: { state: 'new' } }, pointer: '/query/state' },
  { operationId: 'getNotifications', name: 'bad limit', options: { query: { limit: -1 } }, pointer: '/query/limit' },
  {
    operationId: 'getRecentNotifications',
    name: 'limit 51',
    options: { query: { limit: 51 } },
    pointer: '/query/limit',
  },
  { operationId: 'dismissNotification', name: 'missing id', options: { body: {} }, pointer: '/body/id' },
  { operationId: 'dismissNotification', name: 'bad id', options: { body: { id: 7 } }, pointer: '/body/id' },
  { operationId: 'dismissNotification', name: 'no body', options: {}, pointer: '/body' },
  {
    operationId: 'dismissAllNotifications',
    name: 'bad date',
    options: { body: { before: 'now' } },
    pointer: '/body/before',
  },
  {
    operationId: 'dismissAllNotifications',
    name: 'unknown field',
    options: { body: { all: true } },
    pointer: '/body/all',
  },
  {
    operationId: 'getChanges',
    name: 'unknown type',
    options: { query: { types: 'contact,invoice' } },
    pointer: '/query/types',
  },
  { operationId: 'getChanges', name: 'limit 2001', options: { query: { limit: 2001 } }, pointer: '/query/limit' },
  {
    operationId: 'getChanges',
    name: 'bad cursor',
    options: { query: { cursor: cursorOf({ s: -1, h: 0 }) } },
    pointer: '/query/cursor',
  },
];

describe('validation', () => {
  for (const bad of badInputs) {
    it(`${bad.operationId}: ${bad.name} → 400 at ${bad.pointer}`, async () => {
      const res = await t.client.call(bad.operationId, bad.options);
      expect(res.status).toBe(400);
      const problem = res.body as { type: string; instance: string; errors: Array<{ pointer: string }> };
      expect(problem.type).toBe('/problems/validation');
      expect(problem.instance).toBe(operations[bad.operationId].path);
      expect(problem.errors.map((e) => e.pointer)).toContain(bad.pointer);
    });
  }
});

describe('unknown routes and meta documents', () => {
  it('answers an unknown route with a 404 problem', async () => {
    const res = await fetch(`${t.service.url}/api/contact/noSuchOperation`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({
      type: '/problems/not-found',
      status: 404,
      instance: '/api/contact/noSuchOperation',
    });
  });

  it('serves the contract and the changelog without auth', async () => {
    const json = await fetch(`${t.service.url}/openapi.json`);
    expect(json.status).toBe(200);
    expect(((await json.json()) as { info: { version: string } }).info.version).toMatch(/^\d+\.\d+\.\d+/);
    const yaml = await fetch(`${t.service.url}/openapi.yaml`);
    expect(await yaml.text()).toContain('openapi: 3.1');
    const changelog = await fetch(`${t.service.url}/changelog`);
    expect(changelog.headers.get('content-type')).toContain('text/markdown');
    expect(await changelog.text()).toContain('# API changelog');
  });

  it('never leaks a stack trace', async () => {
    const res = await t.client.call('listContacts', { query: { limit: 'x' } });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });
});
