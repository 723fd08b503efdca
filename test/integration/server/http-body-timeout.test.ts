/**
 * A request body that stops arriving is answered 408 `/problems/request-timeout` (declared in the
 * contract) with `Connection: close` after the configured silence, the connection is closed, and
 * nothing is held: no record, no temp file, no idempotency claim. A body that keeps arriving slowly
 * is not cut. The service runs with a 1 s limit (`startService({ bodyTimeoutMs })`).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../api/generated/operations';
import { openRaw, type RawResponse } from '../../helpers/raw-http';
import { contractViolations } from '../../helpers/server-contract';
import { smallDemo, startTestService, type TestService } from '../../helpers/server-client';

const bodyTimeoutMs = 1000;
let t: TestService;
let folderId: string;

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo, bodyTimeoutMs });
  folderId = ((await t.client.call('listFolderDocuments')).body as { folder: { id: string } }).folder.id;
});
afterAll(() => t.stop());

function head(path: string, ...lines: string[]): string {
  return [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', `Authorization: Bearer ${t.client.token}`, ...lines, '', ''].join(
    '\r\n',
  );
}

function count(table: string): number {
  return t.service.store.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
}

function tempFiles(): string[] {
  return readdirSync(join(t.service.store.files.root, '.tmp'));
}

function expectTimedOut(res: RawResponse, operationId: 'saveUser' | 'uploadDocument'): void {
  expect(res.status).toBe(408);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json).toMatchObject({ type: '/problems/request-timeout', status: 408 });
  expect(res.headers.connection).toBe('close');
  expect(res.closedByServer).toBe(true);
  expect(
    contractViolations(operationId, { status: res.status, contentType: res.headers['content-type'], body: res.json }),
  ).toEqual([]);
}

const boundary = 'brm-timeout-boundary';
const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="minutes.txt"\r\n\r\n`;

function uploadBody(text: string): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="folderId"\r\n\r\n${folderId}\r\n${fileHead}${text}\r\n--${boundary}--\r\n`;
}

describe('a body that stops arriving', () => {
  it('answers 408 for a JSON body cut short, closes the connection and stores nothing', async () => {
    const contacts = count('contacts');
    const connection = await openRaw(t.service.url);
    await connection.write(
      `${head(operations.saveUser.path, 'Content-Type: application/json', 'Content-Length: 200')}{"firstName":"Ada",`,
    );
    expectTimedOut(await connection.response(), 'saveUser');
    expect(count('contacts')).toBe(contacts);
  });

  it('answers 408 when not a byte of the announced body arrives', async () => {
    const connection = await openRaw(t.service.url);
    await connection.write(head(operations.saveUser.path, 'Content-Type: application/json', 'Content-Length: 20'));
    expectTimedOut(await connection.response(), 'saveUser');
  });

  it('answers 408 for an upload that stalls inside the file, deletes the temp file and releases its Idempotency-Key', async () => {
    const documents = count('documents');
    const key = 'body-timeout-upload-0001';
    const connection = await openRaw(t.service.url);
    const partial = uploadBody('The first half of the minutes').slice(0, -30);
    await connection.write(
      `${head(
        operations.uploadDocument.path,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        'Content-Length: 100000',
        `Idempotency-Key: ${key}`,
      )}${partial}`,
    );
    expectTimedOut(await connection.response(), 'uploadDocument');
    expect(count('documents')).toBe(documents);
    expect(tempFiles()).toEqual([]);

    const retry = await t.client.call('uploadDocument', {
      rawBody: uploadBody('The whole minutes.'),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': key },
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(count('documents')).toBe(documents + 1);
  });

  it('does not cut a body that keeps arriving, however long it takes in all', async () => {
    const body = JSON.stringify({ firstName: 'Slow', lastName: 'Sender', city: 'Lisbon' });
    const connection = await openRaw(t.service.url);
    await connection.write(
      head(
        operations.saveUser.path,
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        'Connection: close',
      ),
    );
    const pieces = 8;
    const size = Math.ceil(body.length / pieces);
    for (let i = 0; i < pieces; i++) {
      await new Promise((resolve) => setTimeout(resolve, bodyTimeoutMs / 5));
      await connection.write(body.slice(i * size, (i + 1) * size));
    }
    const res = await connection.response();
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ firstName: 'Slow', lastName: 'Sender' });
  });
});
