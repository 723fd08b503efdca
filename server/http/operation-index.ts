/**
 * What the service's cross-cutting hooks (audit records, idempotency) need to know about each
 * contract operation, derived once from the contract: its group, whether it is a write, whether it
 * takes `Idempotency-Key` with a JSON body, and the kind of record it works on.
 */
import type { FastifyRequest } from 'fastify';
import { type Contract, type ContractOperation, type JsonSchema, listOperations, resolveRef } from '../contract/spec';

/** One operation as the cross-cutting hooks see it. */
export interface OperationFacts {
  operationId: string;
  method: ContractOperation['method'];
  /** The operation's `summary` in the contract (its name, e.g. `Audit Trail`). */
  summary: string;
  /** The operation's group: its first tag. */
  tag: string;
  /** POST, PUT, PATCH or DELETE: the methods whose successful answers may change stored data. */
  write: boolean;
  /** Declares the `Idempotency-Key` header: replayed generically. */
  idempotent: boolean;
  /** Takes a body other than JSON (a multipart upload), read by the handler as a stream. */
  streamed: boolean;
  /** lowerCamel name of the record schema the operation works on (e.g. `calendarEvent`), or null. */
  resourceType: string | null;
}

const schemaRef = '#/components/schemas/';

function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** Names of the contract's record schemas: objects with both `id` and `version` properties. */
function recordSchemaNames(contract: Contract): string[] {
  return Object.entries(contract.components.schemas)
    .filter(([, schema]) => {
      const properties = schema.properties as Record<string, unknown> | undefined;
      return properties !== undefined && 'id' in properties && 'version' in properties;
    })
    .map(([name]) => name);
}

/**
 * The record kind of an operation: the record schema its 2xx JSON answer names, else the longest
 * record schema name that its operationId contains (e.g. `deleteCompany` → `company`), else null.
 */
function resourceTypeOf(contract: Contract, op: ContractOperation, records: readonly string[]): string | null {
  for (const [status, value] of Object.entries(op.operation.responses)) {
    if (!status.startsWith('2')) continue;
    const response = resolveRef(contract, value);
    const ref = (response.content?.['application/json']?.schema as JsonSchema | undefined)?.$ref;
    if (typeof ref === 'string' && ref.startsWith(schemaRef)) {
      const name = ref.slice(schemaRef.length);
      if (records.includes(name)) return lowerFirst(name);
    }
  }
  const id = op.operationId.toLowerCase();
  const named = records.filter((name) => id.includes(name.toLowerCase())).sort((a, b) => b.length - a.length)[0];
  return named ? lowerFirst(named) : null;
}

/** True when the operation declares the contract's `IdempotencyKey` header. */
function isIdempotent(op: ContractOperation): boolean {
  return op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
}

/** Looks up the facts of the operation a request was routed to. */
export class OperationIndex {
  private readonly byRoute = new Map<string, OperationFacts>();

  constructor(contract: Contract) {
    const records = recordSchemaNames(contract);
    for (const op of listOperations(contract)) {
      this.byRoute.set(`${op.method} ${op.path}`, {
        operationId: op.operationId,
        method: op.method,
        summary: op.operation.summary ?? op.operationId,
        tag: op.operation.tags?.[0] ?? 'Other',
        write: op.method !== 'GET',
        idempotent: isIdempotent(op),
        streamed: Object.keys(op.operation.requestBody?.content ?? {}).some((m) => m !== 'application/json'),
        resourceType: resourceTypeOf(contract, op, records),
      });
    }
  }

  /** The facts of the request's operation; undefined for routes that are not contract operations. */
  of(request: FastifyRequest): OperationFacts | undefined {
    const url = request.routeOptions.url;
    return url === undefined ? undefined : this.byRoute.get(`${request.method} ${url}`);
  }

  /** Every operation's facts. */
  all(): OperationFacts[] {
    return [...this.byRoute.values()];
  }
}
