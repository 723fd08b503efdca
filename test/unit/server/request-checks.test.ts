/**
 * Bounded request checks (`server/http/request-checks.ts`; docs/SECURITY.md, Reference service): a
 * huge input gets its first error only, a small one all of them, never more than `maxProblemErrors`;
 * pointers are RFC 6901; integer parameters are digits; JSON bodies are
 * refused unparsed past `maxJsonDepth` levels or `maxJsonMembers` members.
 */
import { describe, expect, it } from 'vitest';
import { type JsonSchema, listOperations, loadContract, resolveRef } from '../../../server/contract/spec';
import { jsonShapeBreach, maxJsonDepth, maxJsonMembers } from '../../../server/http/json-body';
import { maxProblemErrors } from '../../../server/http/problem';
import { fullReportValues, hasAtMostValues, parameterCheck, schemaCheck } from '../../../server/http/request-checks';

const { contract } = loadContract();
const exportTemplate = schemaCheck(contract, {}, { $ref: '#/components/schemas/ExportTemplateSave' }, '/body');

describe('hasAtMostValues', () => {
  it('counts objects, arrays and scalars up to the limit', () => {
    expect(hasAtMostValues({ a: [1, 2], b: 'x' }, 5)).toBe(true);
    expect(hasAtMostValues({ a: [1, 2], b: 'x' }, 4)).toBe(false);
    expect(hasAtMostValues(7, 1)).toBe(true);
  });

  it('stops early on wide and on deep inputs', () => {
    expect(hasAtMostValues(new Array(500_000).fill(0), fullReportValues)).toBe(false);
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    expect(hasAtMostValues(deep, fullReportValues)).toBe(false);
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));
    expect(hasAtMostValues(wide, fullReportValues)).toBe(false);
  });
});

describe('schemaCheck', () => {
  it('answers a 500,000-item array with its first error, the limit it breaks', () => {
    const errors = exportTemplate({ name: 'Wide', target: 'contacts', columns: new Array(500_000).fill(0) });
    expect(errors).toEqual([{ pointer: '/body/columns', detail: 'must NOT have more than 50 items' }]);
  });

  it('lists every error of a small input, at most maxProblemErrors', () => {
    expect(exportTemplate({}).map((e) => e.pointer)).toEqual(['/body/name', '/body/target', '/body/columns']);
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`extra${i}`, i]));
    const errors = exportTemplate({ name: 'x', target: 'contacts', columns: ['firstName'], ...many });
    expect(errors).toHaveLength(maxProblemErrors);
    expect(errors[0]).toEqual({ pointer: '/body/extra0', detail: 'is not a known field' });
  });

  it('escapes property names in pointers (RFC 6901)', () => {
    const errors = exportTemplate({ name: 'x', target: 'contacts', columns: ['firstName'], 'a/b~c': 1 });
    expect(errors).toEqual([{ pointer: '/body/a~1b~0c', detail: 'is not a known field' }]);
  });
});

describe('parameterCheck', () => {
  const parameters = [
    { name: 'limit', in: 'query' as const, schema: { type: 'integer', minimum: 1, maximum: 500 } },
    { name: 'offset', in: 'query' as const, schema: { type: 'integer', minimum: -10, maximum: 10 } },
  ];
  const { check } = parameterCheck(contract, parameters, 'query');

  it('refuses integers not written in digits before coercion would read them', () => {
    for (const limit of ['1e2', '0x10', ' 5', '5.0', '+5', 'Infinity']) {
      expect(check({ limit }), limit).toEqual([{ pointer: '/query/limit', detail: 'must be an integer in digits' }]);
    }
  });

  it('takes digits and a leading minus, leaving the range to the schema', () => {
    const values: Record<string, unknown> = { limit: '42', offset: '-3' };
    expect(check(values)).toEqual([]);
    expect(values).toEqual({ limit: 42, offset: -3 });
    expect(check({ limit: '-3' })).toEqual([{ pointer: '/query/limit', detail: 'must be >= 1' }]);
  });
});

describe('jsonShapeBreach (the JSON body parser)', () => {
  const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

  it('counts nesting, not brackets inside strings', () => {
    expect(jsonShapeBreach('{"a":[{"b":[1]}]}', 4, 100)).toBeNull();
    expect(jsonShapeBreach('{"a":[{"b":[1]}]}', 3, 100)).toBe('depth');
    expect(jsonShapeBreach('{"a":"[[[[[[\\"[[[[","b":[]}', 2, 100)).toBeNull();
    expect(jsonShapeBreach(deep(maxJsonDepth), maxJsonDepth, maxJsonMembers)).toBeNull();
    expect(jsonShapeBreach(deep(maxJsonDepth + 1), maxJsonDepth, maxJsonMembers)).toBe('depth');
    expect(jsonShapeBreach('['.repeat(1024 * 1024), maxJsonDepth, maxJsonMembers)).toBe('depth');
  });

  it('counts array items and object members, not commas inside strings', () => {
    expect(jsonShapeBreach(`[${'1,'.repeat(99)}1]`, 2, 101)).toBeNull();
    expect(jsonShapeBreach(`[${'1,'.repeat(100)}1]`, 2, 100)).toBe('members');
    expect(jsonShapeBreach(`["${',,,,'.repeat(100)}"]`, 2, 10)).toBeNull();
    expect(jsonShapeBreach(`[${new Array(500_000).fill('0').join(',')}]`, maxJsonDepth, maxJsonMembers)).toBe(
      'members',
    );
  });

  it('leaves room for every body the contract takes: 10 times its largest', () => {
    /** Most array items and object members a value valid under `schema` can hold (Infinity: open). */
    function members(schema: JsonSchema, seen: string[] = []): number {
      if (typeof schema.$ref === 'string') {
        if (seen.includes(schema.$ref)) return Number.POSITIVE_INFINITY;
        return members(resolveRef<JsonSchema>(contract, schema), [...seen, schema.$ref]);
      }
      let most = 0;
      for (const key of ['oneOf', 'anyOf', 'allOf'])
        for (const branch of (schema[key] as JsonSchema[] | undefined) ?? [])
          most = Math.max(most, members(branch, seen));
      if (schema.properties) {
        if (schema.additionalProperties !== false) return Number.POSITIVE_INFINITY;
        let sum = 0;
        for (const property of Object.values(schema.properties as Record<string, JsonSchema>))
          sum += 1 + members(property, seen);
        most = Math.max(most, sum);
      }
      if (schema.items)
        most = Math.max(
          most,
          Number(schema.maxItems ?? Number.POSITIVE_INFINITY) * (1 + members(schema.items as JsonSchema, seen)),
        );
      return most;
    }
    let largest = 0;
    for (const op of listOperations(contract)) {
      const body = op.operation.requestBody && resolveRef(contract, op.operation.requestBody);
      const schema = body?.content['application/json']?.schema;
      if (schema) largest = Math.max(largest, members(schema));
    }
    expect(largest).toBeGreaterThan(0);
    expect(largest * 10).toBeLessThanOrEqual(maxJsonMembers);
  });
});
