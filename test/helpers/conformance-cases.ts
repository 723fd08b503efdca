/**
 * Malformed and boundary requests for one contract operation, generated from the contract alone:
 * required parameters left out, wrong types, non-UUID ids, strings one over `maxLength`, unknown enum
 * values, numbers out of bounds, unknown, missing and mistyped body fields, bodies that are not
 * objects, bad cursors and unknown ids. Every schema-breaking case is first checked to be invalid
 * against the contract locally (Ajv), so the service must answer it 400.
 */
import type { ValidateFunction } from 'ajv';
import { compileContractSchema, createContractAjv } from '../../server/contract/ajv';
import { type Contract, type ContractOperation, type JsonSchema, resolveRef } from '../../server/contract/spec';
import { mainType, resolveSchema, sampleValue } from './conformance-sample';

/** What a case's answer must be: 400, exactly 404, or any 4xx the operation declares. */
export type Expectation = 'validation' | 'not-found' | 'client-error';

/** One request of the conformance pass. */
export interface ConformanceCase {
  name: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** A JSON body, or a raw text body with its own content type. */
  body?: { json: unknown } | { raw: string; contentType: string };
  expect: Expectation;
}

/** Builds the cases of operations of one contract (compiles each schema once). */
export class CaseGenerator {
  private readonly contract: Contract;
  private readonly ajv;
  private readonly paramAjv;

  constructor(contract: Contract) {
    this.contract = contract;
    this.ajv = createContractAjv(contract);
    this.paramAjv = createContractAjv(contract, { coerceTypes: true });
  }

  /** Every case of one operation; `notes` collects why some kinds of case could not be made. */
  casesOf(op: ContractOperation, notes: string[] = []): ConformanceCase[] {
    const cases: ConformanceCase[] = [];
    const params = op.parameters.filter((p) => p.in === 'query' || p.in === 'header');
    const baseQuery: Record<string, string> = {};
    const baseHeaders: Record<string, string> = {};
    for (const p of params.filter((p) => p.required)) {
      (p.in === 'query' ? baseQuery : baseHeaders)[p.name] = String(sampleValue(this.contract, p.schema));
    }
    const requestBody = op.operation.requestBody ? resolveRef(this.contract, op.operation.requestBody) : undefined;
    const jsonSchema = requestBody?.content['application/json']?.schema;
    const otherMedia = Object.keys(requestBody?.content ?? {}).filter((m) => m !== 'application/json');
    const validBody = jsonSchema ? this.compile(jsonSchema) : null;
    let baseBody: unknown;
    if (jsonSchema && validBody) {
      baseBody = sampleValue(this.contract, jsonSchema);
      if (!validBody(baseBody)) {
        notes.push(`${op.operationId}: no valid sample body (${this.ajv.errorsText(validBody.errors)})`);
        baseBody = undefined;
      }
    }
    const body = (json: unknown) => ({ json });
    const withBase = (c: Partial<ConformanceCase> & Pick<ConformanceCase, 'name' | 'expect'>): ConformanceCase => ({
      query: { ...baseQuery },
      headers: { ...baseHeaders },
      body: baseBody === undefined ? undefined : body(baseBody),
      ...c,
    });

    for (const where of ['query', 'header'] as const) {
      const list = params.filter((p) => p.in === where);
      if (!list.length) continue;
      const check = this.compile(
        {
          type: 'object',
          properties: Object.fromEntries(list.map((p) => [p.name, p.schema])),
          required: list.filter((p) => p.required).map((p) => p.name),
        },
        true,
      );
      const base = where === 'query' ? baseQuery : baseHeaders;
      for (const p of list) {
        if (p.required) {
          const { [p.name]: _gone, ...rest } = base;
          cases.push(
            withBase({
              name: `${where} ${p.name}: missing`,
              [where === 'query' ? 'query' : 'headers']: rest,
              expect: 'validation',
            }),
          );
        }
        for (const [label, value] of badParameterValues(resolveSchema(this.contract, p.schema))) {
          const values = { ...base, [p.name]: value };
          if (check({ ...values })) continue;
          cases.push(
            withBase({
              name: `${where} ${p.name}: ${label}`,
              [where === 'query' ? 'query' : 'headers']: values,
              expect: 'validation',
            }),
          );
        }
      }
    }

    if (validBody && jsonSchema) {
      if (requestBody?.required) cases.push(withBase({ name: 'body: missing', body: undefined, expect: 'validation' }));
      cases.push(withBase({ name: 'body: an array', body: body([]), expect: 'validation' }));
      cases.push(
        withBase({
          name: 'body: not JSON',
          body: { raw: '{"unclosed": ', contentType: 'application/json' },
          expect: 'validation',
        }),
      );
      if (baseBody !== undefined) {
        for (const [label, value] of this.bodyMutations(jsonSchema, baseBody as Record<string, unknown>)) {
          if (validBody(value)) continue;
          cases.push(withBase({ name: `body ${label}`, body: body(value), expect: 'validation' }));
        }
      }
    } else if (otherMedia.length) {
      cases.push(
        withBase({ name: `body: JSON instead of ${otherMedia.join(', ')}`, body: body({}), expect: 'client-error' }),
      );
    }

    const cursorInQuery = params.some((p) => p.in === 'query' && p.name === 'cursor');
    const cursorInBody = baseBody !== undefined && this.bodyProperties(jsonSchema).has('cursor');
    const foreignCursor = Buffer.from(JSON.stringify({ l: 'another-list', s: 'x', k: [1] })).toString('base64url');
    for (const [label, cursor] of [
      ['garbage', 'not-a-cursor!'],
      ['of another list', foreignCursor],
    ] as const) {
      if (cursorInQuery)
        cases.push(
          withBase({ name: `query cursor: ${label}`, query: { ...baseQuery, cursor }, expect: 'client-error' }),
        );
      if (cursorInBody)
        cases.push(
          withBase({
            name: `body cursor: ${label}`,
            body: body({ ...(baseBody as object), cursor }),
            expect: 'client-error',
          }),
        );
    }

    const requiredIds =
      params.some((p) => p.required && resolveSchema(this.contract, p.schema).format === 'uuid') ||
      (baseBody !== undefined && this.requiredIdFields(jsonSchema).length > 0);
    if (requiredIds) {
      const single =
        op.method === 'GET' && params.some((p) => p.name === 'id' && p.required) && '404' in op.operation.responses;
      cases.push(withBase({ name: 'unknown ids', expect: single ? 'not-found' : 'client-error' }));
    }
    return cases;
  }

  private compile(schema: JsonSchema, params = false): ValidateFunction {
    return compileContractSchema(params ? this.paramAjv : this.ajv, schema);
  }

  /** The object schema whose properties a body has (the first branch of a `oneOf`). */
  private objectSchema(schema: JsonSchema | undefined): JsonSchema {
    if (!schema) return {};
    const s = resolveSchema(this.contract, schema);
    const branches = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
    return branches ? resolveSchema(this.contract, branches[0]) : s;
  }

  private bodyProperties(schema: JsonSchema | undefined): Map<string, JsonSchema> {
    const properties = (this.objectSchema(schema).properties ?? {}) as Record<string, JsonSchema>;
    return new Map(Object.entries(properties).map(([k, v]) => [k, resolveSchema(this.contract, v)]));
  }

  private requiredIdFields(schema: JsonSchema | undefined): string[] {
    const required = (this.objectSchema(schema).required ?? []) as string[];
    const properties = this.bodyProperties(schema);
    return required.filter((name) => {
      const p = properties.get(name);
      return p?.format === 'uuid' && !(Array.isArray(p.type) && p.type.includes('null'));
    });
  }

  /** Body variants, each breaking one field: unknown, missing, mistyped, too long, unknown enum, out of bounds. */
  private *bodyMutations(schema: JsonSchema, base: Record<string, unknown>): Generator<[string, unknown]> {
    yield ['unknownField: an unknown field', { ...base, conformanceUnknownField: 1 }];
    const required = (this.objectSchema(schema).required ?? []) as string[];
    for (const name of required) {
      const { [name]: _gone, ...rest } = base;
      yield [`${name}: missing`, rest];
    }
    for (const [name, p] of this.bodyProperties(schema)) {
      for (const wrong of [{ nested: true }, 'text', 12345, true, [1]]) {
        yield [`${name}: wrong type (${Array.isArray(wrong) ? 'array' : typeof wrong})`, { ...base, [name]: wrong }];
      }
      for (const [label, value] of badValues(p)) yield [`${name}: ${label}`, { ...base, [name]: value }];
      yield* this.nestedMutations(name, p, base);
    }
  }

  /** One level down: an unknown field and bad values inside an object-valued field. */
  private *nestedMutations(name: string, p: JsonSchema, base: Record<string, unknown>): Generator<[string, unknown]> {
    if (mainType(p) !== 'object' || !p.properties) return;
    const inner = base[name] ?? sampleValue(this.contract, p);
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return;
    yield [`${name}.unknownField: an unknown field`, { ...base, [name]: { ...inner, conformanceUnknownField: 1 } }];
    for (const [sub, schema] of Object.entries(p.properties as Record<string, JsonSchema>)) {
      for (const [label, value] of badValues(resolveSchema(this.contract, schema))) {
        yield [`${name}.${sub}: ${label}`, { ...base, [name]: { ...inner, [sub]: value } }];
      }
    }
  }
}

/** Values that break a scalar schema, as JSON values. */
function badValues(s: JsonSchema): Array<[string, unknown]> {
  const bad: Array<[string, unknown]> = [];
  if (typeof s.maxLength === 'number') bad.push([`${s.maxLength + 1} characters`, 'a'.repeat(s.maxLength + 1)]);
  if (Array.isArray(s.enum)) bad.push(['an unknown enum value', 'conformance-unknown-value']);
  if (s.format === 'uuid') bad.push(['not a UUID', 'not-a-uuid']);
  if (s.format === 'date-time') bad.push(['not a date-time', 'yesterday']);
  if (typeof s.maximum === 'number') bad.push([`above ${s.maximum}`, s.maximum + 1]);
  if (typeof s.minimum === 'number') bad.push([`below ${s.minimum}`, s.minimum - 1]);
  return bad;
}

/** Values that break a parameter, as the strings a URL or header carries. */
function badParameterValues(s: JsonSchema): Array<[string, string]> {
  const bad: Array<[string, string]> = badValues(s).map(([label, value]) => [label, String(value)]);
  const type = mainType(s);
  if (type === 'integer' || type === 'number') bad.push(['not a number', 'abc'], ['a fraction', '1.5']);
  if (type === 'boolean') bad.push(['not a boolean', 'maybe']);
  if (typeof s.minLength === 'number' && s.minLength > 1) bad.push(['too short', 'a'.repeat(s.minLength - 1)]);
  if (typeof s.pattern === 'string') bad.push(['against its pattern', '%%%']);
  return bad;
}
