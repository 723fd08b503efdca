/**
 * Names with control characters, line separators or invisible characters (the "Names"
 * convention of `api/openapi.yaml`) are refused with 400 and a pointer at the field, on every name
 * field a client writes (found from the contract); names in any script pass. Uploaded file names
 * are cleaned instead: the marks are dropped and the upload is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../api/generated/operations';
import { nameForbiddenClass } from '../../../api/name-characters';
import { type JsonSchema, listOperations, loadContract, resolveRef } from '../../../server/contract/spec';
import { sampleValue } from '../../helpers/conformance-sample';
import { type Problem, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

const { contract } = loadContract();
let t: TestService;
let folderId: string;

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  folderId = ((await t.client.call('listFolderDocuments')).body as { folder: { id: string } }).folder.id;
});
afterAll(() => t.stop());

/** A JSON body field that carries the name rule: the operation, the path inside the body, a valid body. */
interface NameField {
  operationId: OperationId;
  path: string[];
  body: Record<string, unknown>;
}

function resolved(schema: JsonSchema): JsonSchema {
  return (schema.$ref ? resolveRef(contract, schema as { $ref: string }) : schema) as JsonSchema;
}

/** The name fields of the JSON request bodies, one level of objects and arrays of objects deep. */
function nameFields(): NameField[] {
  const fields: NameField[] = [];
  for (const op of listOperations(contract)) {
    const schema = op.operation.requestBody?.content['application/json']?.schema;
    if (!schema) continue;
    const body = resolved(schema);
    const sample = sampleValue(contract, schema) as Record<string, unknown>;
    for (const [name, raw] of Object.entries((body.properties ?? {}) as Record<string, JsonSchema>)) {
      const p = resolved(raw);
      if (String(p.pattern ?? '').includes(nameForbiddenClass)) {
        fields.push({ operationId: op.operationId as OperationId, path: [name], body: sample });
      }
      const items = p.items ? resolved(p.items as JsonSchema) : null;
      for (const [inner, innerRaw] of Object.entries((items?.properties ?? {}) as Record<string, JsonSchema>)) {
        if (!String(resolved(innerRaw).pattern ?? '').includes(nameForbiddenClass)) continue;
        const item = sampleValue(contract, items as JsonSchema) as Record<string, unknown>;
        fields.push({
          operationId: op.operationId as OperationId,
          path: [name, '0', inner],
          body: { ...sample, [name]: [item] },
        });
      }
    }
  }
  return fields;
}

function withValue(body: Record<string, unknown>, path: string[], value: string): Record<string, unknown> {
  const copy = structuredClone(body);
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

const fields = nameFields();
const evil = [
  'Eve\u202Elyn',
  'Line\none',
  'Tab\there',
  'Bell\u0007',
  'Iso\u2067late\u2069',
  'Mark\u200Fed',
  'C1\u0085',
  'Zero\u200bwidth',
  'Filler\u3164',
  'Tag\u{e0041}ged',
];

it('finds the name fields of the JSON bodies in the contract', () => {
  expect(fields.length).toBeGreaterThanOrEqual(17);
});

describe.each(fields.map((f) => [`${f.operationId} /body/${f.path.join('/')}`, f] as const))('%s', (_label, field) => {
  const pointer = `/body/${field.path.join('/')}`;

  it('refuses controls, line breaks and text-direction marks with 400 at the field', async () => {
    for (const value of evil) {
      const res = await t.client.call(field.operationId, { body: withValue(field.body, field.path, value) });
      expect(res.status, JSON.stringify(value)).toBe(400);
      const problem = res.body as Problem;
      const entry = problem.errors?.find((e) => e.pointer === pointer);
      expect(entry?.detail, JSON.stringify(problem.errors)).toMatch(/^must not contain control characters/);
    }
  });

  it('accepts a name in any script at that field', async () => {
    const res = await t.client.call(field.operationId, { body: withValue(field.body, field.path, 'Zoë محمد 北京') });
    const errors = (res.body as Problem).errors ?? [];
    expect(errors.filter((e) => e.pointer === pointer)).toEqual([]);
  });
});

describe('names inside uploaded files and file names', () => {
  it('refuses an import mapping file whose name holds a bidirectional override, at /body/file/name', async () => {
    const data = new FormData();
    const mapping = {
      name: 'Leads\u202Etxt.exe',
      target: 'contact',
      columns: [
        { column: 'First', field: 'firstName', required: true, transform: 'trim' },
        { column: 'Last', field: 'lastName', required: true, transform: 'trim' },
      ],
    };
    data.append('file', new Blob([JSON.stringify(mapping)]), 'mapping.json');
    const res = await t.client.call('uploadImportMapping', { rawBody: data });
    expect(res.status).toBe(400);
    expect((res.body as Problem).errors?.map((e) => e.pointer)).toContain('/body/file/name');
  });

  it('stores an uploaded document under its file name without the invisible marks', async () => {
    const data = new FormData();
    data.append('folderId', folderId);
    data.append('file', new Blob(['%PDF-1.4 pretend']), 'invoice\u202Efdp.exe');
    const res = await t.client.call('uploadDocument', { rawBody: data });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'invoicefdp.exe', title: 'invoicefdp' });
    const bidi = new FormData();
    bidi.append('folderId', folderId);
    bidi.append('file', new Blob(['text']), '\u2067Re\u0301sumé\u2069.txt');
    const cleaned = await t.client.call('uploadDocument', { rawBody: bidi });
    expect(cleaned.status).toBe(201);
    expect((cleaned.body as { name: string }).name).toBe('R\u00e9sum\u00e9.txt');
  });
});
