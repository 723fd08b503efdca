/**
 * Checks the contract's access declarations (`x-access-model`, and `x-access` on every operation of
 * `api/openapi.yaml`) for what a reader of them relies on: every operation has a rule; every role,
 * permission, resource and relation it names exists; every `in` and `cascade` names an input the
 * operation has (a query parameter, a property of its JSON body, or a field of its form); a cascade
 * is declared only on a resource that contains others, each of which has the rule's relations.
 * Run by `api/generate.ts`, so a wrong declaration fails `npm run gen`.
 */
import type { AccessModel, AccessRule, RecordRule } from './access';

/** The parts of an OpenAPI operation this check reads. */
interface OperationShape {
  operationId: string;
  'x-access'?: AccessRule;
  parameters?: Array<{ $ref?: string; name?: string; in?: string }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

/** The parts of the contract this check reads. */
export interface AccessContract {
  'x-access-model'?: AccessModel;
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown>; parameters?: Record<string, { name: string; in: string }> };
}

const methods = ['get', 'post', 'put', 'patch', 'delete'];

function resolve(contract: AccessContract, schema: unknown, depth = 0): Record<string, unknown> {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  if (ref && depth < 10)
    return resolve(contract, contract.components.schemas[ref.split('/').pop() as string], depth + 1);
  return (schema ?? {}) as Record<string, unknown>;
}

/** The property names a schema (with its `$ref`, `allOf` and `oneOf` branches) may hold. */
function propertyNames(contract: AccessContract, schema: unknown, depth = 0): Set<string> {
  const s = resolve(contract, schema);
  const names = new Set(Object.keys((s.properties as object | undefined) ?? {}));
  if (depth < 5)
    for (const key of ['allOf', 'oneOf', 'anyOf'])
      for (const branch of (s[key] as unknown[] | undefined) ?? [])
        for (const n of propertyNames(contract, branch, depth + 1)) names.add(n);
  return names;
}

/** The inputs an operation has, as `query.<name>`, `body.<name>` and `form.<name>`. */
function inputsOf(contract: AccessContract, op: OperationShape): Set<string> {
  const inputs = new Set<string>();
  for (const p of op.parameters ?? []) {
    const param = p.$ref ? contract.components.parameters?.[p.$ref.split('/').pop() as string] : p;
    if (param?.in === 'query') inputs.add(`query.${param.name}`);
  }
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
    const where = type === 'multipart/form-data' ? 'form' : 'body';
    for (const name of propertyNames(contract, media.schema)) inputs.add(`${where}.${name}`);
  }
  return inputs;
}

function recordProblems(model: AccessModel, rule: RecordRule, inputs: Set<string>, where: string): string[] {
  const problems: string[] = [];
  const resource = model.resources[rule.resource];
  if (!resource) return [`${where}: unknown resource "${rule.resource}"`];
  if (!inputs.has(rule.in)) problems.push(`${where}: "in: ${rule.in}" names no input of the operation`);
  const kinds = [rule.resource, ...(rule.cascade === undefined ? [] : (resource.contains ?? []))];
  for (const name of rule.allow) {
    if (model.roles.includes(name)) continue;
    for (const kind of kinds)
      if (!model.resources[kind]?.relations[name])
        problems.push(`${where}: "${name}" is neither a role nor a relation of ${kind}`);
  }
  if (rule.cascade !== undefined) {
    if (!resource.contains?.length) problems.push(`${where}: cascade on ${rule.resource}, which contains nothing`);
    if (rule.cascade !== true && !inputs.has(rule.cascade))
      problems.push(`${where}: "cascade: ${rule.cascade}" names no input of the operation`);
  }
  if (rule.action !== undefined && (typeof rule.action !== 'string' || !rule.action.trim()))
    problems.push(`${where}: action must be words`);
  if (rule.refuse !== undefined && rule.refuse !== 403 && rule.refuse !== 404)
    problems.push(`${where}: refuse must be 403 or 404`);
  return problems;
}

/** Returns every problem of the contract's access declarations (empty when they are sound). */
export function accessDeclarationProblems(contract: AccessContract): string[] {
  const model = contract['x-access-model'];
  if (!model) return ['The contract has no x-access-model.'];
  const problems: string[] = [];
  for (const [name, resource] of Object.entries(model.resources)) {
    if (!contract.components.schemas[resource.schema])
      problems.push(`resource ${name}: unknown schema ${resource.schema}`);
    for (const relation of Object.keys(resource.relations))
      if (model.roles.includes(relation)) problems.push(`resource ${name}: relation "${relation}" is a role's name`);
    for (const kind of resource.contains ?? [])
      if (!model.resources[kind]) problems.push(`resource ${name}: contains unknown resource ${kind}`);
  }
  const permissions = (resolve(contract, { $ref: '#/components/schemas/PermissionName' }).enum as string[]) ?? [];
  for (const item of Object.values(contract.paths)) {
    for (const method of methods) {
      const op = item[method] as OperationShape | undefined;
      if (!op) continue;
      const rule = op['x-access'];
      const where = op.operationId;
      if (!rule || typeof rule !== 'object') {
        problems.push(`${where}: no x-access`);
        continue;
      }
      for (const role of rule.roles ?? [])
        if (!model.roles.includes(role)) problems.push(`${where}: unknown role ${role}`);
      if (rule.permission !== undefined && !permissions.includes(rule.permission))
        problems.push(`${where}: unknown permission ${rule.permission}`);
      const inputs = inputsOf(contract, op);
      for (const [i, record] of (rule.records ?? []).entries())
        problems.push(...recordProblems(model, record, inputs, `${where} records[${i}]`));
    }
  }
  return problems;
}
