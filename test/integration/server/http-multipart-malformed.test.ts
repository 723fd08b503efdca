/**
 * Malformed `multipart/form-data` on every upload operation (every operation whose request body is
 * multipart in `api/openapi.yaml`, found from the contract): no boundary, garbage, a body cut off
 * inside the file, a missing closing boundary, a form without the file, a file part without a file
 * name, a broken part header. Each answers a declared 400 problem with a pointer (never 500),
 * stores nothing and leaves no temp file; JSON instead of a form answers 415.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../api/generated/operations';
import { listOperations, loadContract } from '../../../server/contract/spec';
import { type Problem, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

const uploads = listOperations(loadContract().contract)
  .filter((op) => Object.keys(op.operation.requestBody?.content ?? {}).includes('multipart/form-data'))
  .map((op) => op.operationId as OperationId);

let t: TestService;
/** The text parts each upload operation needs before its file part. */
const leadingFields = new Map<OperationId, Record<string, string>>();

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  const root = (await t.client.call('listFolderDocuments')).body as { folder: { id: string } };
  const company = (await t.client.call('getCompanies', { query: { limit: 1 } })).body as {
    items: Array<{ id: string }>;
  };
  const comment = await t.client.call('addComment', {
    body: { resourceType: 'company', resourceId: company.items[0].id, text: 'Offer attached.' },
  });
  leadingFields.set('uploadDocument', { folderId: root.folder.id });
  leadingFields.set('uploadCommentAttachment', { commentId: (comment.body as { id: string }).id });
  leadingFields.set('validateFile', { target: 'contact' });
  leadingFields.set('uploadImportMapping', {});
});
afterAll(() => t.stop());

const boundary = 'brm-test-boundary';

function fieldParts(operationId: OperationId): string {
  return Object.entries(leadingFields.get(operationId) ?? {})
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
}

const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.csv"\r\nContent-Type: text/csv\r\n\r\n`;
const fileBody = 'firstName,lastName\r\nAda,Lovelace\r\n';

/** A malformed form: its Content-Type, its body, and where the problem must point. */
interface Malformed {
  name: string;
  contentType: string;
  body: (operationId: OperationId) => string;
  pointer: string;
}

const cases: Malformed[] = [
  {
    name: 'no boundary parameter',
    contentType: 'multipart/form-data',
    body: (op) => `${fieldParts(op)}${fileHead}${fileBody}\r\n--${boundary}--\r\n`,
    pointer: '/header/Content-Type',
  },
  {
    name: 'garbage instead of parts',
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: () => 'this is not a form at all',
    pointer: '/body',
  },
  {
    name: 'a body cut off inside the file part',
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: (op) => `${fieldParts(op)}${fileHead}${fileBody.slice(0, 10)}`,
    pointer: '/body',
  },
  {
    name: 'no closing boundary after the file',
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: (op) => `${fieldParts(op)}${fileHead}${fileBody}\r\n--${boundary}\r\n`,
    pointer: '/body',
  },
  {
    name: 'a form without the file part',
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: (op) => `${fieldParts(op)}--${boundary}--\r\n`,
    pointer: '/body/file',
  },
  {
    name: 'a file part without a file name',
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: (op) =>
      `${fieldParts(op)}--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\n${fileBody}\r\n--${boundary}--\r\n`,
    pointer: '/body/file',
  },
  {
    name: 'a part header without its colon',
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: () => `--${boundary}\r\nContent-Disposition form-data name file\r\n\r\n${fileBody}\r\n--${boundary}--\r\n`,
    pointer: '/body/file',
  },
];

function storedCounts(): number[] {
  const db = t.service.store.db;
  return ['documents', 'comments', 'import_mappings'].map(
    (table) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number,
  );
}

function attachmentCount(): number {
  return t.service.store.db
    .prepare("SELECT coalesce(sum(json_array_length(data, '$.attachments')), 0) FROM comments")
    .pluck()
    .get() as number;
}

function tempFiles(): string[] {
  return readdirSync(join(t.service.store.files.root, '.tmp'));
}

it('finds the upload operations in the contract', () => {
  expect(uploads).toEqual(
    expect.arrayContaining(['uploadDocument', 'uploadImportMapping', 'validateFile', 'uploadCommentAttachment']),
  );
});

describe.each(uploads)('%s', (operationId) => {
  it.each(cases)('answers $name with 400 at $pointer and stores nothing', async (c) => {
    const before = [...storedCounts(), attachmentCount()];
    const res = await t.client.call(operationId, {
      rawBody: c.body(operationId),
      headers: { 'content-type': c.contentType },
    });
    expect(res.status).toBe(400);
    expect(res.contentType).toMatch(/^application\/problem\+json/);
    const problem = res.body as Problem;
    expect(problem.type).toBe('/problems/validation');
    expect(problem.errors?.map((e) => e.pointer)).toContain(c.pointer);
    expect([...storedCounts(), attachmentCount()]).toEqual(before);
    expect(tempFiles()).toEqual([]);
  });

  it('answers JSON instead of a form with 415 at /header/Content-Type', async () => {
    const res = await t.client.call(operationId, { body: leadingFields.get(operationId) ?? {} });
    expect(res.status).toBe(415);
    const problem = res.body as Problem;
    expect(problem.type).toBe('/problems/unsupported-media-type');
    expect(problem.errors?.[0]).toEqual({ pointer: '/header/Content-Type', detail: 'must be multipart/form-data' });
  });

  it('still accepts a well-formed form', async () => {
    const body =
      operationId === 'uploadImportMapping'
        ? `${fileHead.replace('people.csv', 'mapping.json')}${JSON.stringify({
            name: `Mapping ${Date.now()}`,
            target: 'contact',
            columns: [
              { column: 'First name', field: 'firstName', required: true, transform: 'trim' },
              { column: 'Last name', field: 'lastName', required: true, transform: 'trim' },
            ],
          })}\r\n--${boundary}--\r\n`
        : `${fieldParts(operationId)}${fileHead}${fileBody}\r\n--${boundary}--\r\n`;
    const res = await t.client.call(operationId, {
      rawBody: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(tempFiles()).toEqual([]);
  });
});
