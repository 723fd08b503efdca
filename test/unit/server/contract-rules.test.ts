/**
 * Contract-wide rules (the conventions in `info.description`), checked for every operation and every
 * schema of `api/openapi.yaml`, so that operations added later are held to them too. Each rule lists
 * all its violations at once.
 */
import { describe, expect, it } from 'vitest';
import {
  type JsonSchema,
  listOperations,
  loadContract,
  type ResponseObject,
  resolveRef,
} from '../../../server/contract/spec';

const { contract } = loadContract();
const operations = listOperations(contract);

/** The contract's operation groups (docs/interpretations/README.md), plus the change feed's `Sync`. */
const groups = [
  'Audit',
  'Auth',
  'Avatar',
  'Blog',
  'Branch',
  'Calendar',
  'Campaign',
  'Cmt',
  'Comment',
  'Company',
  'Contact',
  'Documents',
  'Email',
  'Export',
  'Feed',
  'Groups',
  'Notifications',
  'Open ai',
  'Pim',
  'Psa',
  'Rebate',
  'Spend',
  'Sync',
];

/**
 * Schemas that may stay open: RFC 9457 allows extension members; `current` holds any record; a
 * change's `data` is narrowed to the record schema of its `type` by the `allOf` rules of `Change`.
 */
const openSchemas = ['#/components/schemas/Problem', '#/components/schemas/Change/properties/data'];

interface Visited {
  path: string;
  schema: JsonSchema;
}

/** Every schema node under `root` (not following `$ref`), with its JSON-pointer-like path. */
function walk(root: JsonSchema, path: string, out: Visited[] = []): Visited[] {
  if (!root || typeof root !== 'object') return out;
  out.push({ path, schema: root });
  const children: Array<[string, unknown]> = [];
  for (const [name, value] of Object.entries((root.properties ?? {}) as Record<string, JsonSchema>)) {
    children.push([`${path}/properties/${name}`, value]);
  }
  for (const key of ['items', 'not', 'contains', 'additionalProperties']) children.push([`${path}/${key}`, root[key]]);
  for (const key of ['oneOf', 'anyOf', 'allOf', 'prefixItems']) {
    for (const [i, s] of ((root[key] as JsonSchema[] | undefined) ?? []).entries()) {
      children.push([`${path}/${key}/${i}`, s]);
    }
  }
  for (const [p, child] of children) if (child && typeof child === 'object') walk(child as JsonSchema, p, out);
  return out;
}

/** Every schema of the contract: components, parameters, bodies, responses and response headers. */
function allSchemas(): Visited[] {
  const out: Visited[] = [];
  for (const [name, schema] of Object.entries(contract.components.schemas)) {
    walk(schema, `#/components/schemas/${name}`, out);
  }
  for (const [name, p] of Object.entries(contract.components.parameters ?? {})) {
    walk(p.schema, `#/components/parameters/${name}`, out);
  }
  for (const [name, h] of Object.entries(
    (contract.components.headers ?? {}) as Record<string, { schema: JsonSchema }>,
  )) {
    walk(h.schema, `#/components/headers/${name}`, out);
  }
  for (const op of operations) {
    const at = op.operationId;
    for (const p of op.operation.parameters ?? []) if (!('$ref' in p)) walk(p.schema, `${at} parameter ${p.name}`, out);
    // Multipart forms describe parts, not JSON objects: only JSON bodies are held to the schema rules.
    const json = op.operation.requestBody?.content['application/json']?.schema;
    if (json) walk(json, `${at} body`, out);
    for (const [status, value] of Object.entries(op.operation.responses)) {
      if ('$ref' in value) continue;
      for (const [media, c] of Object.entries(value.content ?? {})) {
        if (c.schema) walk(c.schema, `${at} ${status} ${media}`, out);
      }
      for (const [name, h] of Object.entries((value.headers ?? {}) as Record<string, { schema?: JsonSchema }>)) {
        if (h.schema) walk(h.schema, `${at} ${status} header ${name}`, out);
      }
    }
  }
  return out;
}

const schemas = allSchemas();
const isOpenByDesign = (path: string) => openSchemas.some((p) => path === p || path.startsWith(`${p}/`));
const types = (s: JsonSchema) => (Array.isArray(s.type) ? (s.type as string[]) : [s.type as string]);

describe('every operation', () => {
  it('has a summary, unique within its group', () => {
    const seen = new Map<string, string>();
    const bad: string[] = [];
    for (const op of operations) {
      const summary = op.operation.summary?.trim();
      if (!summary) bad.push(`${op.operationId}: no summary`);
      const key = `${op.operation.tags?.[0]} / ${summary}`;
      if (seen.has(key)) bad.push(`${op.operationId}: summary "${key}" also used by ${seen.get(key)}`);
      seen.set(key, op.operationId);
    }
    expect(bad).toEqual([]);
  });

  it('has one of the operation groups (or Sync) as its first tag', () => {
    const bad = operations
      .filter((op) => !groups.includes(op.operation.tags?.[0] ?? ''))
      .map((op) => `${op.operationId}: ${op.operation.tags?.[0]}`);
    expect(bad).toEqual([]);
  });

  it('has a unique lowerCamel operationId', () => {
    const ids = operations.map((op) => op.operationId);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('lists 429, and 401 unless it needs no sign-in', () => {
    const bad: string[] = [];
    for (const op of operations) {
      const statuses = Object.keys(op.operation.responses);
      if (!statuses.includes('429')) bad.push(`${op.operationId}: no 429`);
      if (op.requiresAuth && !statuses.includes('401')) bad.push(`${op.operationId}: no 401`);
    }
    expect(bad).toEqual([]);
  });

  it('answers every 4xx and 5xx as application/problem+json Problem', () => {
    const bad: string[] = [];
    for (const op of operations) {
      for (const [status, value] of Object.entries(op.operation.responses)) {
        if (!/^[45]/.test(status)) continue;
        const content = resolveRef<ResponseObject>(contract, value).content ?? {};
        const media = Object.keys(content);
        const ref = content['application/problem+json']?.schema?.$ref;
        if (media.length !== 1 || ref !== '#/components/schemas/Problem') {
          bad.push(`${op.operationId} ${status}: ${media.join(', ') || 'no content'}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('lists 413 when it takes a body, and a default Problem answer', () => {
    const bad: string[] = [];
    for (const op of operations) {
      const responses = op.operation.responses;
      if (op.operation.requestBody && !('413' in responses)) bad.push(`${op.operationId}: no 413`);
      if (!responses.default) bad.push(`${op.operationId}: no default`);
      else if (!resolveRef<ResponseObject>(contract, responses.default).content?.['application/problem+json']) {
        bad.push(`${op.operationId}: default is not a Problem`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('declares RateLimit and RateLimit-Policy on every answer (server/http/rate-limit.ts sets them on all)', () => {
    const bad: string[] = [];
    for (const op of operations) {
      for (const [status, value] of Object.entries(op.operation.responses)) {
        const headers = Object.keys(resolveRef<ResponseObject>(contract, value).headers ?? {});
        for (const name of ['RateLimit', 'RateLimit-Policy'])
          if (!headers.includes(name)) bad.push(`${op.operationId} ${status}: no ${name}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('lists 409 when it takes an Idempotency-Key (a reused key answers 409)', () => {
    const bad = operations
      .filter((op) => op.parameters.some((p) => p.name === 'Idempotency-Key') && !('409' in op.operation.responses))
      .map((op) => op.operationId);
    expect(bad).toEqual([]);
  });
});

describe('every schema', () => {
  it('closes objects with additionalProperties: false (Problem excepted)', () => {
    const bad = schemas
      .filter(({ path, schema }) => (types(schema).includes('object') || schema.properties) && !isOpenByDesign(path))
      .filter(({ schema }) => schema.additionalProperties !== false && !schema.oneOf && !schema.allOf)
      .map(({ path }) => path);
    expect(bad).toEqual([]);
  });

  it('bounds strings with maxLength, format, enum, const or pattern (file contents excepted)', () => {
    const bounds = ['maxLength', 'format', 'enum', 'const', 'pattern', 'contentMediaType'];
    const bad = schemas
      .filter(({ path, schema }) => types(schema).includes('string') && !isOpenByDesign(path))
      .filter(({ schema }) => !bounds.some((b) => b in schema))
      .map(({ path }) => path);
    expect(bad).toEqual([]);
  });

  it('bounds arrays with maxItems', () => {
    const bad = schemas
      .filter(({ path, schema }) => types(schema).includes('array') && !isOpenByDesign(path))
      .filter(({ schema }) => !('maxItems' in schema))
      .map(({ path }) => path);
    expect(bad).toEqual([]);
  });
});
