/**
 * The contract's access rules (`x-access-model` and each operation's `x-access` in
 * `api/openapi.yaml`), read the same way by the reference service, which enforces them before an
 * operation runs (`server/http/access.ts`), and by the desktop client, which hides or disables what
 * the signed-in user may not do. Pure functions over plain records: no I/O.
 */

/** A relation between a caller and a record: a field compared with the caller's id, or a field's value tested. */
export interface AccessRelation {
  /** The record's field (dotted for a nested one: `approval.approverId`). */
  field: string;
  /** `caller`: the field holds the caller's id. */
  is?: 'caller';
  /** The field's value is one of these. */
  in?: readonly unknown[];
  /** The field's value is none of these. */
  notIn?: readonly unknown[];
  /** Who stands in the relation, in words ("its owner"). */
  label: string;
}

/** A kind of record that rules name: its schema, its relations to a caller, and what it contains. */
export interface AccessResource {
  schema: string;
  /** The record's kind in words ("folder"). */
  label: string;
  description?: string;
  /** The kinds of record a cascade reaches from this one (the service knows how). */
  contains?: readonly string[];
  relations: Readonly<Record<string, AccessRelation>>;
}

/** The model every rule refers to (`x-access-model`). */
export interface AccessModel {
  roles: readonly string[];
  resources: Readonly<Record<string, AccessResource>>;
}

/** A record an operation acts on, and who may act on it (one entry of `x-access.records`). */
export interface RecordRule {
  resource: string;
  /** Where the id travels: `query.<name>`, `body.<name>` or `form.<field>`; an array names many records. */
  in: string;
  /** Relations of the resource, or roles, any one of which lets the caller act. */
  allow: readonly string[];
  /** The status of a refusal: 403 (default), or 404 for records the caller may not see. */
  refuse?: 403 | 404;
  /** `true`, or an input (`query.recursive`) that when true extends the check to the records it contains. */
  cascade?: true | string;
  /** What the operation does to the record, for the refusal's sentence ("read the settings of"); default "change". */
  action?: string;
}

/** One operation's rule (`x-access`). */
export interface AccessRule {
  roles?: readonly string[];
  permission?: string;
  records?: readonly RecordRule[];
  /** The operation acts only on the caller's own records of its kind (others' are not found). */
  own?: boolean;
}

/** Who is calling: the signed-in user's id, roles and permission grants. */
export interface Caller {
  id: string;
  roles: readonly string[];
  permissions: readonly string[];
}

/** Why a call is refused: the status the service answers and a sentence for the user. */
export interface Refusal {
  status: 403 | 404;
  reason: string;
}

/** The words of a role, as a refusal names it. */
const roleWords: Record<string, string> = { sales: 'a salesperson', manager: 'a manager', admin: 'an administrator' };

/** The value at a dotted `field` of `record` (undefined when a step is missing). */
export function fieldValue(record: unknown, field: string): unknown {
  let value = record;
  for (const step of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** True when `caller` stands in `relation` to `record`. */
export function holdsRelation(relation: AccessRelation, record: unknown, caller: Caller): boolean {
  const value = fieldValue(record, relation.field);
  if (relation.is === 'caller') return typeof value === 'string' && value === caller.id;
  if (relation.in) return relation.in.includes(value);
  if (relation.notIn) return value !== undefined && !relation.notIn.includes(value);
  return false;
}

/** "a, b or c". */
function either(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** The callers a record rule lets act, in words ("its owner, a manager or an administrator"). */
export function allowedWords(model: AccessModel, rule: RecordRule): string {
  const resource = model.resources[rule.resource];
  return either(rule.allow.map((name) => resource?.relations[name]?.label ?? roleWords[name] ?? name));
}

/**
 * True when `roles` let a caller act on every record `rule` names, whatever the record (one of the
 * rule's `allow` entries is a role the caller holds). Lists use it to scope what they show the same
 * way the rule judges one record.
 */
export function roleAllowsAny(model: AccessModel, rule: RecordRule, roles: readonly string[]): boolean {
  return rule.allow.some((name) => model.roles.includes(name) && roles.includes(name));
}

/**
 * Checks the parts of `rule` that depend on the caller alone (roles, permission). Returns the
 * refusal, or null when the caller passes them.
 */
export function refuseCaller(rule: AccessRule, caller: Caller): Refusal | null {
  if (rule.roles?.length && !rule.roles.some((role) => caller.roles.includes(role))) {
    const who = either(rule.roles.map((role) => roleWords[role] ?? role));
    return { status: 403, reason: `Only ${who} may do this.` };
  }
  if (rule.permission && !caller.permissions.includes(rule.permission)) {
    return { status: 403, reason: `You need the ${rule.permission} permission to do this; ask an administrator.` };
  }
  return null;
}

/**
 * Checks one record against a record rule. Returns the refusal, or null when one of the rule's
 * relations holds or the caller has one of its roles. `label` names the record in the sentence.
 */
export function refuseRecord(
  model: AccessModel,
  rule: RecordRule,
  record: unknown,
  caller: Caller,
  resource: string = rule.resource,
): Refusal | null {
  const kind = model.resources[resource];
  if (!kind) throw new Error(`The access model has no resource "${resource}".`);
  for (const name of rule.allow) {
    if (model.roles.includes(name)) {
      if (caller.roles.includes(name)) return null;
      continue;
    }
    const relation = kind.relations[name];
    if (relation && holdsRelation(relation, record, caller)) return null;
  }
  if (rule.refuse === 404) return { status: 404, reason: `There is no such ${kind.label}.` };
  return {
    status: 403,
    reason: `Only ${allowedWords(model, rule)} may ${rule.action ?? 'change'} this ${kind.label}.`,
  };
}

/** The ids a record rule names in a request's parts (none when its input is absent). */
export function idsNamed(rule: RecordRule, parts: Readonly<Record<string, unknown>>): string[] {
  const [where, ...path] = rule.in.split('.');
  const value = fieldValue(parts[where], path.join('.'));
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** True when a record rule's cascade applies to a request with these parts. */
export function cascades(rule: RecordRule, parts: Readonly<Record<string, unknown>>): boolean {
  if (rule.cascade === true) return true;
  if (typeof rule.cascade !== 'string') return false;
  const [where, ...path] = rule.cascade.split('.');
  return fieldValue(parts[where], path.join('.')) === true;
}

/**
 * Decides what a client may offer: the caller-only parts of an operation's rule, and each record
 * rule against the record the client has (`records[i]` for `rule.records[i]`; a missing record is
 * not judged). Returns the first refusal, or null when allowed. Cascades are judged by the service.
 */
export function refuseCall(
  model: AccessModel,
  rule: AccessRule,
  caller: Caller,
  records: ReadonlyArray<unknown> = [],
): Refusal | null {
  const refused = refuseCaller(rule, caller);
  if (refused) return refused;
  for (const [i, recordRule] of (rule.records ?? []).entries()) {
    const record = records[i];
    if (record === undefined || record === null) continue;
    const refusal = refuseRecord(model, recordRule, record, caller);
    if (refusal) return refusal;
  }
  return null;
}
