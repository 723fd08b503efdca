/**
 * Bounded request checks (`server/http/request-checks.ts`; docs/SECURITY.md, Reference service): a
 * huge input gets its first error only, a small one all of them, never more than `maxProblemErrors`;
 * pointers are RFC 6901; integer parameters are digits; JSON bodies nest at most `maxJsonDepth` levels.
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../server/contract/spec';
import { maxJsonDepth, nestsDeeperThan } from '../../../server/http/json-body';
import { maxProblemErrors } from '../../../server/http/problem';
import {
  fullReportValues,
  hasAtMostValues,
  parameterCheck,
  schemaCheck,
} from '../../../server/http/request-checks';

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

describe('nestsDeeperThan (the JSON body parser)', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[[\\"[[[[","b":[]}', 2)).toBe(false);
    expect(nestsDeeperThan(`[${'1,'.repeat(1000)}1]`, 1)).toBe(false);
  });

  it('stops at the first level too deep of a 1 MiB body', () => {
    expect(nestsDeeperThan('['.repeat(1024 * 1024), maxJsonDepth)).toBe(true);
    expect(nestsDeeperThan(`${'{"a":'.repeat(maxJsonDepth)}1${'}'.repeat(maxJsonDepth)}`, maxJsonDepth)).toBe(false);
    expect(nestsDeeperThan(`${'{"a":'.repeat(maxJsonDepth + 1)}1${'}'.repeat(maxJsonDepth + 1)}`, maxJsonDepth)).toBe(
      true,
    );
  });
});
