/**
 * The access matrix's harness: the five kinds of caller, a dump of every table of the service's
 * database, and what an operation's declared rule (`x-access`, judged by `api/access.ts`) says one
 * caller's request must get. The cases (one per operation) are in `./access-cases/`.
 */
import { type Caller, cascades, idsNamed, type RecordRule, refuseCaller, refuseRecord } from '../../api/access';
import { accessModel, operationAccess } from '../../api/generated/access';
import type { OperationId } from '../../api/generated/operations';
import type { components } from '../../api/generated/schema';
import { serviceAccessResources } from '../../server/access/resources';
import type { PermissionName } from '../../server/db/permissions';
import type { Role } from '../../server/db/users';
import { type CallOptions, ServerClient, type TestService } from './server-client';

/** The kinds of caller every operation is tried with. */
export const callerKinds = ['none', 'noPermission', 'other', 'owner', 'admin'] as const;
/** A kind of caller: no token, a user without the permissions, another user, the records' owner, an administrator. */
export type CallerKind = (typeof callerKinds)[number];

/** A signed-in user of the matrix. */
export interface MatrixUser {
  id: string;
  email: string;
  password: string;
  client: ServerClient;
}

/** Ids of demo records that read operations use. */
export interface DemoIds {
  rootFolderId: string;
  companyId: string;
  customerId: string;
  dealId: string;
  dealCategory: string;
  rebateId: string;
  emailId: string;
  branchId: string;
  /** A company with CMT terms. */
  cmtCompanyId: string;
}

/** What a case sees: the service, the users, demo ids and a way to make more users. */
export interface Matrix {
  t: TestService;
  users: Record<Exclude<CallerKind, 'none'>, MatrixUser>;
  demo: DemoIds;
  /** Makes a user with `roles` and `permissions` and signs them in. */
  newUser(name: string, roles: Role[], permissions: PermissionName[]): Promise<MatrixUser>;
}

/** What one call of a case needs, made fresh for it by `setup`. */
export type Fixture = Record<string, string>;

/** How one operation is tried. */
export interface MatrixCase {
  /** Makes the records one call needs (as the owner, unless the case says otherwise). */
  setup?: (m: Matrix) => Promise<Fixture>;
  /** The request of one call by `caller` (null: the call without a token). */
  request: (fx: Fixture, m: Matrix, caller: MatrixUser | null) => CallOptions;
  /** Who is the "owner" of this case's records, when not the matrix's owner (e.g. a user made by setup). */
  owner?: (fx: Fixture, m: Matrix) => MatrixUser;
  /** The ids its record rules name, when they are not in the request's query or JSON body (form fields). */
  recordIds?: (fx: Fixture) => Record<string, string>;
}

/** Makes a contact of type employee a user with `roles` and exactly `permissions`, and signs them in. */
export async function createMatrixUser(
  t: TestService,
  name: string,
  roles: Role[],
  permissions: PermissionName[],
): Promise<MatrixUser> {
  const { store, repos } = t.service;
  const email = `${name.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct horse battery staple';
  const contact = store.saveContact({ firstName: name, lastName: 'Matrix', email, type: 'employee' });
  store.users.create(contact, email, password, roles);
  for (const permission of permissions) repos.permissions.grant(contact.id, permission, null);
  const client = new ServerClient(t.service.url);
  await client.signIn({ username: email, password });
  return { id: contact.id, email, password, client };
}

/** Tables a refused request may change: the audit of attempts and the sign-in and token bookkeeping. */
const changingTables = new Set(['audit_records']);

/** Every row of every table of the service's database, as text, by table. */
export function dumpTables(t: TestService): Record<string, string> {
  const db = t.service.store.db;
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const dump: Record<string, string> = {};
  for (const table of tables) {
    if (changingTables.has(table)) continue;
    const rows = db.prepare(`SELECT * FROM "${table}"`).raw().all();
    dump[table] = JSON.stringify(rows);
  }
  return dump;
}

/** What the declaration says a call must get. */
export type Expectation =
  | { kind: 'unauthenticated' }
  | { kind: 'refused'; status: 403 | 404; reason: string }
  | { kind: 'allowed' };

type CurrentUser = components['schemas']['CurrentUser'];

function callerOf(t: TestService, user: MatrixUser): Caller {
  const current = t.service.store.users.currentUser(user.id) as CurrentUser;
  return { id: current.id, roles: current.roles, permissions: current.permissions };
}

/** The request's parts as a rule reads them: query parameters, the JSON body and form fields. */
function partsOf(options: CallOptions, form: Record<string, string>): Record<string, unknown> {
  return { query: options.query ?? {}, body: options.body ?? {}, form };
}

/**
 * What `operationId`'s rule says `caller`'s request must get: 401 without a token (but for the
 * sign-in), the refusal of the first part of the rule that refuses, or allowed. Records are loaded
 * from the service's database as they are when the call is made. `ownRecordOf` is the user whose
 * records the request names, if it names any: for an operation on the caller's own records (`own`),
 * anyone else's are not found.
 */
export function expectation(
  t: TestService,
  operationId: OperationId,
  caller: MatrixUser | null,
  options: CallOptions,
  formIds: Record<string, string> = {},
  ownRecordOf: string | null = null,
): Expectation {
  if (!caller) return operationId === 'authenticateUser' ? { kind: 'allowed' } : { kind: 'unauthenticated' };
  const rule = operationAccess[operationId];
  const who = callerOf(t, caller);
  const refused = refuseCaller(rule, who);
  if (refused) return { kind: 'refused', ...refused };
  if (rule.own && ownRecordOf !== null && ownRecordOf !== who.id)
    return { kind: 'refused', status: 404, reason: 'another user’s record is not found' };
  const resources = serviceAccessResources(t.service.store, t.service.repos);
  const parts = partsOf(options, formIds);
  for (const recordRule of rule.records ?? []) {
    for (const id of idsNamed(recordRule as RecordRule, parts)) {
      const record = resources.load(recordRule.resource, id);
      if (!record) continue;
      const refusal = refuseRecord(accessModel, recordRule, record, who);
      if (refusal) return { kind: 'refused', ...refusal };
      if (!cascades(recordRule, parts)) continue;
      for (const inner of resources.contained(recordRule.resource, record)) {
        const innerRefusal = refuseRecord(accessModel, recordRule, inner.record, who, inner.resource);
        if (innerRefusal) return { kind: 'refused', ...innerRefusal };
      }
    }
  }
  return { kind: 'allowed' };
}
