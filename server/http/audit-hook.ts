/**
 * Writes the audit records (the contract's `AuditRecord`; see docs/interpretations/audit-platform.md):
 * one for every request to a writing operation (POST, PUT, PATCH, DELETE) that was answered 2xx and
 * changed at least one stored row, and one for every failed password sign-in. Whether a request
 * changed data is read from SQLite's `total_changes()` before the handler and when the answer is
 * sent, so searches sent as POST and replayed `Idempotency-Key` answers leave no record. The record
 * is one prepared INSERT.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditInput, AuditRepo } from '../db/audit';
import type { Db } from '../db/schema';
import type { OperationFacts, OperationIndex } from './operation-index';

/** The sign-in operation: not authenticated, so its actor comes from its answer. */
const signInOperationId = 'authenticateUser';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Answers longer than this are not parsed to find the record id (writes answer one record). */
const maxParsedAnswer = 256 * 1024;

const baselines = new WeakMap<FastifyRequest, number>();

function uuidOf(value: unknown): string | null {
  return typeof value === 'string' && uuid.test(value) ? value.toLowerCase() : null;
}

function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
}

function parsedAnswer(payload: unknown): unknown {
  if (typeof payload !== 'string' || payload.length > maxParsedAnswer || !payload.startsWith('{')) return undefined;
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

/** The audit record of a successful write; null when it has no actor (cannot happen for authenticated writes). */
export function writeRecord(
  facts: OperationFacts,
  request: { userId: string | null; id: string; query: unknown; body: unknown },
  status: number,
  answer: unknown,
  now = new Date(),
): AuditInput | null {
  const signIn = facts.operationId === signInOperationId;
  const actorId = request.userId ?? uuidOf(field(field(answer, 'user'), 'id'));
  if (!actorId) return null;
  const resourceId = signIn
    ? actorId
    : (uuidOf(field(request.query, 'id')) ?? uuidOf(field(request.body, 'id')) ?? uuidOf(field(answer, 'id')));
  const resourceType = signIn ? 'user' : facts.resourceType;
  const what = resourceId ? ` (${resourceType ?? 'record'} ${resourceId})` : '';
  const grant = signIn && field(request.body, 'grantType') === 'refresh_token' ? ': refreshed tokens' : '';
  return {
    occurredAt: now.toISOString(),
    actorId,
    operationId: facts.operationId,
    method: facts.method as AuditInput['method'],
    tag: facts.tag,
    resourceType,
    resourceId,
    status,
    requestId: request.id.slice(0, 100),
    summary: `${facts.summary}${grant}${what}`,
  };
}

/** Fastify hooks, to be added by the caller in the order it needs. */
export interface AuditHooks {
  /** Notes the database's change count; add it after any hook that writes before the handler. */
  preHandler: (request: FastifyRequest) => Promise<void>;
  /** Writes the record; add it before any hook that writes after the handler. */
  onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
}

/** The audit hooks. `userIdByEmail` finds the user a failed sign-in was for. */
export function auditHooks(
  index: OperationIndex,
  db: Db,
  repo: AuditRepo,
  userIdByEmail: (email: string) => string | undefined,
): AuditHooks {
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  const changes = () => totalChanges.get() as number;

  const failedSignIn = (request: FastifyRequest, reply: FastifyReply, facts: OperationFacts) => {
    const body = request.body;
    if (field(body, 'grantType') !== 'password') return;
    const username = field(body, 'username');
    const target = typeof username === 'string' ? (userIdByEmail(username) ?? null) : null;
    repo.append({
      occurredAt: new Date().toISOString(),
      actorId: null,
      operationId: facts.operationId,
      method: 'POST',
      tag: facts.tag,
      resourceType: 'user',
      resourceId: target,
      status: reply.statusCode,
      requestId: request.id.slice(0, 100),
      summary:
        reply.statusCode === 429
          ? `Sign-in refused: too many failed sign-ins for ${target ? `user ${target}` : 'an unknown user name'}`
          : `Failed sign-in: wrong password for ${target ? `user ${target}` : 'an unknown user name'}`,
    });
  };

  return {
    preHandler: async (request) => {
      if (index.of(request)?.write) baselines.set(request, changes());
    },
    onSend: async (request, reply, payload) => {
      const facts = index.of(request);
      if (!facts?.write) return payload;
      const status = reply.statusCode;
      if (facts.operationId === signInOperationId && (status === 401 || status === 429)) {
        failedSignIn(request, reply, facts);
        return payload;
      }
      const baseline = baselines.get(request);
      if (baseline === undefined || status < 200 || status > 299 || changes() === baseline) return payload;
      const record = writeRecord(
        facts,
        { userId: request.userId, id: request.id, query: request.validated?.query, body: request.body },
        status,
        parsedAnswer(payload),
      );
      if (record) repo.append(record);
      return payload;
    },
  };
}
