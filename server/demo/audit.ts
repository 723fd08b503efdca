/**
 * Demo audit records: the history behind the core demo data, written at the times the records say
 * (document uploads at `createdAt`, approvals and rejections, company, contact and calendar saves at
 * `updatedAt`, dismissed notifications), plus the demo user's daily sign-ins and a few failed
 * sign-ins. Only operations the contract has are used, so the history always names real operations.
 */
import type { AreaSeedContext } from './seed-context';
import { loadContract } from '../contract/spec';
import type { AuditInput } from '../db/audit';
import type { OperationFacts } from '../http/operation-index';
import { OperationIndex } from '../http/operation-index';

interface Row {
  data: string;
  owner?: string | null;
}

interface Timed {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** Writes the demo audit records (a few hundred at the default demo size). */
export function seedAuditRecords({ store, repos, f, now, people }: AreaSeedContext): void {
  const facts = new Map(new OperationIndex(loadContract().contract).all().map((o) => [o.operationId, o]));
  const repo = repos.audit;
  const actors = [people.demoUser, ...people.employees].map((c) => c.id);
  const rows = (sql: string) =>
    (store.db.prepare(sql).all() as Row[]).map((r) => ({ ...r, record: JSON.parse(r.data) }));

  const add = (
    operationId: string,
    at: string,
    actorId: string | null,
    resourceId: string | null,
    status: number,
    summary?: (op: OperationFacts) => string,
  ) => {
    const op = facts.get(operationId);
    if (!op || Date.parse(at) > now) return;
    const input: AuditInput = {
      occurredAt: at,
      actorId,
      operationId,
      method: op.method as AuditInput['method'],
      tag: op.tag,
      resourceType: operationId === 'authenticateUser' ? 'user' : op.resourceType,
      resourceId,
      status,
      requestId: f.string.uuid(),
      summary: summary?.(op) ?? `${op.summary}${resourceId ? ` (${op.resourceType ?? 'record'} ${resourceId})` : ''}`,
    };
    repo.append(input, f.string.uuid());
  };

  for (const { record } of rows('SELECT data FROM documents ORDER BY rowid')) {
    const d = record as Timed & { ownerId: string; state: string };
    add('uploadDocument', d.createdAt, d.ownerId, d.id, 201);
    if (d.state === 'approved') add('approveDocument', d.updatedAt, people.demoUser.id, d.id, 200);
    if (d.state === 'rejected') add('rejectDocument', d.updatedAt, people.demoUser.id, d.id, 200);
  }
  const sample = (sql: string, count: number) => f.helpers.arrayElements(rows(sql), { min: 0, max: count });
  for (const { record } of sample('SELECT data FROM companies', 30)) {
    add('saveCompany', (record as Timed).updatedAt, f.helpers.arrayElement(actors), (record as Timed).id, 200);
  }
  for (const { record } of sample('SELECT data FROM contacts', 60)) {
    add('saveUser', (record as Timed).updatedAt, f.helpers.arrayElement(actors), (record as Timed).id, 200);
  }
  for (const { record } of sample('SELECT data FROM calendar_events', 40)) {
    const e = record as Timed & { organizerId: string };
    add('saveCalendar', e.createdAt, e.organizerId, e.id, 201);
  }
  for (const { record, owner } of rows(
    "SELECT data, user_id AS owner FROM notifications WHERE state = 'dismissed' ORDER BY rowid",
  )) {
    add('dismissNotification', (record as Timed).updatedAt, owner ?? null, (record as Timed).id, 200);
  }
  const signIn = (day: number) => {
    const at = new Date(now - day * 86_400_000);
    at.setUTCHours(7, f.number.int(59), f.number.int(59), 0);
    return at.toISOString();
  };
  for (let day = 1; day <= 45; day++) {
    if ([0, 6].includes(new Date(now - day * 86_400_000).getUTCDay())) continue;
    add('authenticateUser', signIn(day), people.demoUser.id, people.demoUser.id, 200);
  }
  for (const day of [3, 17, 38]) {
    add('authenticateUser', signIn(day), null, people.demoUser.id, 401, () => {
      return `Failed sign-in: wrong password for user ${people.demoUser.id}`;
    });
  }
}
