/**
 * Request checks against the contract: parameters (query, header) and JSON bodies, each producing
 * RFC 9457 `errors[]` entries with JSON pointers (`/query/<name>`, `/header/<Name>`, `/body/...`).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { namePatternMessage, normalizeNameFields } from '../../api/name-characters';
import { webAddressPatternMessage } from '../../api/web-address';
import { compileContractSchema, type ContractAjv } from '../contract/ajv';
import { type Contract, type JsonSchema, type ParameterObject, resolveRef } from '../contract/spec';
import type { ProblemFieldError } from './problem';

/** Checks a value; returns the problems found (empty when valid). */
export type Check = (value: unknown) => ProblemFieldError[];

/** The value at an RFC 6901 JSON pointer (`/a/0/b`) inside `root`; undefined when there is none. */
function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const raw of pointer.split('/').slice(1)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[raw.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return value;
}

/**
 * Turns Ajv errors on `root` into problem entries under `prefix`; `names` restores header names'
 * case. A broken name or web address pattern gets words (`api/name-characters.ts`, `api/web-address.ts`)
 * instead of the pattern itself.
 */
function fieldErrors(
  prefix: string,
  root: unknown,
  errors: ErrorObject[] | null | undefined,
  names?: Map<string, string>,
): ProblemFieldError[] {
  const seen = new Set<string>();
  const result: ProblemFieldError[] = [];
  for (const e of errors ?? []) {
    let path = e.instancePath;
    let detail = e.message ?? 'is not valid';
    if (e.keyword === 'required') {
      path += `/${e.params.missingProperty}`;
      detail = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      path += `/${e.params.additionalProperty}`;
      detail = 'is not a known field';
    } else if (e.keyword === 'enum') {
      detail = `must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}`;
    } else if (e.keyword === 'pattern') {
      const pattern = String(e.params.pattern);
      detail =
        namePatternMessage(pattern, valueAt(root, e.instancePath)) ?? webAddressPatternMessage(pattern) ?? detail;
    }
    if (names) path = path.replace(/^\/([^/]+)/, (_m, n: string) => `/${names.get(n) ?? n}`);
    const key = `${prefix}${path} ${detail}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ pointer: `${prefix}${path}`, detail });
  }
  return result;
}

/** Wraps a compiled validator as a Check reporting under `prefix`. */
export function checker(validate: ValidateFunction, prefix: string, names?: Map<string, string>): Check {
  return (value) => (validate(value) ? [] : fieldErrors(prefix, value, validate.errors, names));
}

/** A body check that picks the `oneOf` branch by the discriminator (OpenAPI `discriminator.mapping`). */
export function bodyCheck(ajv: ContractAjv, schema: JsonSchema): Check {
  const disc = schema.discriminator as { propertyName: string; mapping: Record<string, string> } | undefined;
  if (!disc) return checker(compileContractSchema(ajv, schema), '/body');
  const branches = new Map(
    Object.entries(disc.mapping).map(([value, ref]) => [
      value,
      checker(compileContractSchema(ajv, { $ref: ref }), '/body'),
    ]),
  );
  return (body) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return [{ pointer: '/body', detail: 'must be a JSON object' }];
    const value = (body as Record<string, unknown>)[disc.propertyName];
    const branch = typeof value === 'string' ? branches.get(value) : undefined;
    if (!branch)
      return [{ pointer: `/body/${disc.propertyName}`, detail: `must be one of: ${[...branches.keys()].join(', ')}` }];
    return branch(body);
  };
}

/**
 * A check of one parameter location (`query` or `header`) of an operation. Header names are matched
 * lower-cased (as Node delivers them) and reported with the contract's spelling.
 */
export function parameterCheck(
  ajv: ContractAjv,
  parameters: ParameterObject[],
  where: 'query' | 'header',
): { check: Check; names: Map<string, string> } {
  const list = parameters.filter((p) => p.in === where);
  const key = (name: string) => (where === 'header' ? name.toLowerCase() : name);
  const names = new Map(list.map((p) => [key(p.name), p.name]));
  const schema = {
    type: 'object',
    properties: Object.fromEntries(list.map((p) => [key(p.name), p.schema])),
    required: list.filter((p) => p.required).map((p) => key(p.name)),
  };
  const prefix = where === 'header' ? '/header' : '/query';
  return { check: checker(compileContractSchema(ajv, schema), prefix, where === 'header' ? names : undefined), names };
}

/**
 * The function that puts every name of a body of `schema` into NFC before it is checked and handled
 * (`normalizeNameFields`, `api/name-characters.ts`): names are stored in one form so that they can be
 * compared as people read them (`api/name-key.ts`). Other fields pass unchanged.
 */
export function nameNormalizer(contract: Contract, schema: JsonSchema): (body: unknown) => unknown {
  return (body) => normalizeNameFields(schema, body, (ref) => resolveRef(contract, { $ref: ref }));
}
