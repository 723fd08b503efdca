/**
 * Valid sample values for the contract's JSON Schemas (the baseline that the conformance pass breaks
 * one part of at a time): the smallest value each schema accepts, random UUIDs for ids, a match of
 * each `pattern` (randexp).
 */
import { randomUUID } from 'node:crypto';
import RandExp from 'randexp';
import type { Contract, JsonSchema } from '../../server/contract/spec';

const schemaRef = '#/components/schemas/';

/** Follows `$ref`s to the contract's schemas. */
export function resolveSchema(contract: Contract, schema: JsonSchema): JsonSchema {
  let s = schema;
  for (let hops = 0; typeof s.$ref === 'string' && hops < 20; hops++) {
    const ref = s.$ref as string;
    if (!ref.startsWith(schemaRef)) break;
    s = contract.components.schemas[ref.slice(schemaRef.length)];
  }
  return s;
}

/** The schema's first type other than `null` (or `object` when it only lists properties). */
export function mainType(s: JsonSchema): string | undefined {
  if (Array.isArray(s.type)) return (s.type as string[]).find((t) => t !== 'null');
  if (typeof s.type === 'string') return s.type;
  return s.properties ? 'object' : undefined;
}

function sampleString(s: JsonSchema): string {
  switch (s.format) {
    case 'uuid':
      return randomUUID();
    case 'date-time':
      return new Date().toISOString();
    case 'date':
      return new Date().toISOString().slice(0, 10);
    case 'time':
      return '10:00:00Z';
    case 'email':
      return 'conformance@example.com';
    case 'uri':
      return 'https://example.com/conformance';
    case 'uri-reference':
      return '/conformance';
  }
  if (typeof s.pattern === 'string') {
    const generator = new RandExp(s.pattern);
    generator.max = 3;
    // RandExp ignores lookaheads and may draw an empty match of `*`: draw until the value fits.
    const fits = new RegExp(s.pattern, 'u');
    const min = typeof s.minLength === 'number' ? s.minLength : 0;
    let value = generator.gen();
    for (let tries = 0; tries < 100 && (value.length < min || !fits.test(value)); tries++) value = generator.gen();
    return value;
  }
  const min = typeof s.minLength === 'number' ? s.minLength : 1;
  const max = typeof s.maxLength === 'number' ? s.maxLength : min;
  return 'c'.repeat(Math.max(1, Math.min(min, max)));
}

function sampleNumber(s: JsonSchema): number {
  if (typeof s.minimum === 'number') return s.minimum;
  if (typeof s.exclusiveMinimum === 'number') return s.exclusiveMinimum + 1;
  if (typeof s.maximum === 'number') return Math.min(1, s.maximum);
  return 1;
}

/** A value the schema accepts: `const`, first enum value, `default`, or the smallest of its type. */
export function sampleValue(contract: Contract, schema: JsonSchema, depth = 0): unknown {
  const s = resolveSchema(contract, schema);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).find((v) => v !== null) ?? null;
  if (s.default !== undefined) return s.default;
  const branches = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (branches) {
    const branch = branches.find((b) => resolveSchema(contract, b).type !== 'null') ?? branches[0];
    return sampleValue(contract, branch, depth + 1);
  }
  if (Array.isArray(s.allOf)) {
    return Object.assign({}, ...(s.allOf as JsonSchema[]).map((b) => sampleValue(contract, b, depth + 1)));
  }
  switch (mainType(s)) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return sampleNumber(s);
    case 'boolean':
      return true;
    case 'array': {
      const count = typeof s.minItems === 'number' ? s.minItems : 0;
      return Array.from({ length: count }, () => sampleValue(contract, (s.items ?? {}) as JsonSchema, depth + 1));
    }
    case 'object': {
      if (depth > 8) return {};
      const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
      const required = (s.required ?? []) as string[];
      return Object.fromEntries(
        required.map((name) => [name, sampleValue(contract, properties[name] ?? {}, depth + 1)]),
      );
    }
    default:
      return null;
  }
}
