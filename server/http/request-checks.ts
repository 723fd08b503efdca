/**
 * Request checks against the contract: parameters (query, header) and JSON bodies, each producing
 * RFC 9457 `errors[]` entries with JSON pointers (`/query/<name>`, `/header/<Name>`, `/body/...`).
 *
 * Bounded (docs/SECURITY.md, Reference service): a fail-fast validator (Ajv `allErrors: false`)
 * decides; only when it fails on a small input (at most `fullReportValues` JSON values) does a
 * second validator collect all errors, and at most `maxProblemErrors` are reported. A huge body
 * (500,000 array items) thus costs one failed keyword (`maxItems` comes before `items`), not one
 * error object per item and `anyOf` branch.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { namePatternMessage, normalizeNameFields, textForbiddenClass } from '../../api/name-characters';
import { webAddressPatternMessage } from '../../api/web-address';
import { type ContractAjvOptions, compileContractSchema, sharedContractAjv } from '../contract/ajv';
import { type Contract, type JsonSchema, type ParameterObject, resolveRef } from '../contract/spec';
import { maxProblemErrors, type ProblemFieldError } from './problem';

/** Inputs of at most this many JSON values (objects, arrays, scalars) get the full error list. */
export const fullReportValues = 1000;

/** Ajv options of a check: parameters coerce and take defaults, bodies do not. */
export type CheckOptions = Pick<ContractAjvOptions, 'coerceTypes' | 'useDefaults'>;

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
    if (result.length >= maxProblemErrors) break;
    let path = e.instancePath;
    let detail = e.message ?? 'is not valid';
    if (e.keyword === 'required') {
      path += `/${pointerToken(String(e.params.missingProperty))}`;
      detail = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      path += `/${pointerToken(String(e.params.additionalProperty))}`;
      detail = 'is not a known field';
    } else if (e.keyword === 'enum') {
      detail = `must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}`;
    } else if (e.keyword === 'pattern') {
      const pattern = String(e.params.pattern);
      detail =
        namePatternMessage(pattern, valueAt(root, e.instancePath)) ?? webAddressPatternMessage(pattern) ?? detail;
      if (pattern.includes(textForbiddenClass))
        detail = 'must not contain control characters other than tabs and line breaks';
    }
    if (names) path = path.replace(/^\/([^/]+)/, (_m, n: string) => `/${names.get(n) ?? n}`);
    const key = `${prefix}${path} ${detail}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ pointer: `${prefix}${path}`, detail });
  }
  return result;
}

/** A property name as an RFC 6901 reference token (`~` as `~0`, `/` as `~1`). */
function pointerToken(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * True when `root` holds at most `limit` JSON values. Walks without recursion and stops at the
 * limit, so its work is bounded whatever the input's size or depth.
 */
export function hasAtMostValues(root: unknown, limit: number): boolean {
  const stack: unknown[] = [root];
  let count = 0;
  while (stack.length > 0) {
    if (++count > limit) return false;
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      if (count + stack.length + value.length > limit) return false;
      for (const item of value) stack.push(item);
      continue;
    }
    for (const key in value) {
      if (count + stack.length >= limit) return false;
      stack.push((value as Record<string, unknown>)[key]);
    }
  }
  return true;
}

/**
 * A check of `schema` (from the contract, references as `#/components/schemas/X`) reporting under
 * `prefix`; `names` restores header names' case. The fail-fast validator decides; the all-errors one
 * (compiled on first need) lists the errors of small inputs. At most `maxProblemErrors` entries.
 */
export function schemaCheck(
  contract: Contract,
  options: CheckOptions,
  schema: JsonSchema,
  prefix: string,
  names?: Map<string, string>,
): Check {
  const fast = compileContractSchema(sharedContractAjv(contract, { ...options, allErrors: false }), schema);
  let full: ValidateFunction | null = null;
  return (value) => {
    if (fast(value)) return [];
    if (!hasAtMostValues(value, fullReportValues)) return fieldErrors(prefix, value, fast.errors, names);
    full ??= compileContractSchema(sharedContractAjv(contract, { ...options, allErrors: true }), schema);
    full(value);
    return fieldErrors(prefix, value, full.errors?.length ? full.errors : fast.errors, names);
  };
}

/** A body check that picks the `oneOf` branch by the discriminator (OpenAPI `discriminator.mapping`). */
export function bodyCheck(contract: Contract, schema: JsonSchema): Check {
  const disc = schema.discriminator as { propertyName: string; mapping: Record<string, string> } | undefined;
  if (!disc) return schemaCheck(contract, {}, schema, '/body');
  const branches = new Map(
    Object.entries(disc.mapping).map(([value, ref]) => [value, schemaCheck(contract, {}, { $ref: ref }, '/body')]),
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
 * An integer as a query string or header writes it: decimal digits, with a `-` for a negative one
 * (the range is the schema's). Refuses what `Number()` would take besides (`1e2`, `0x10`, ` 5`, `5.0`),
 * the "Strict parsing" rule of docs/SECURITY.md.
 */
const integerText = /^-?[0-9]+$/;

function isIntegerSchema(contract: Contract, schema: JsonSchema): boolean {
  const type = resolveRef<JsonSchema>(contract, schema).type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
}

/**
 * A check of one parameter location (`query` or `header`) of an operation. Header names are matched
 * lower-cased (as Node delivers them) and reported with the contract's spelling. Integer parameters
 * must be written in digits (`integerText`) before the schema's coercion turns them into numbers.
 */
export function parameterCheck(
  contract: Contract,
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
  const options = { coerceTypes: true, useDefaults: true };
  const checkSchema = schemaCheck(contract, options, schema, prefix, where === 'header' ? names : undefined);
  const integers = list.filter((p) => isIntegerSchema(contract, p.schema)).map((p) => key(p.name));
  const check: Check = (value) => {
    const values = value as Record<string, unknown>;
    const malformed = integers
      .filter((name) => typeof values[name] === 'string' && !integerText.test(values[name] as string))
      .map((name) => ({ pointer: `${prefix}/${names.get(name) ?? name}`, detail: 'must be an integer in digits' }));
    return malformed.length > 0 ? malformed : checkSchema(value);
  };
  return { check, names };
}

/**
 * The function that puts every name of a body of `schema` into NFC before it is checked and handled
 * (`normalizeNameFields`, `api/name-characters.ts`): names are stored in one form so that they can be
 * compared as people read them (`api/name-key.ts`). Other fields pass unchanged.
 */
export function nameNormalizer(contract: Contract, schema: JsonSchema): (body: unknown) => unknown {
  return (body) => normalizeNameFields(schema, body, (ref) => resolveRef(contract, { $ref: ref }));
}
