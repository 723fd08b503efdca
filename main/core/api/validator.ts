/**
 * Validation of the service's answers against the contract's JSON schemas (ajv, JSON Schema 2020-12
 * as OpenAPI 3.1 uses it). Validators are compiled on first use and kept.
 *
 * The change feed is validated in two steps for speed: the page envelope (with `data` left open),
 * then each record's `data` against the schema its `type` names (Contact, Company, ...), instead of
 * trying every branch of the contract's `oneOf` for every change.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OperationId } from '../../../api/generated/operations';
import type { SyncedType } from '../../../preload/contract';
import { ServiceError } from '../errors';
import { loadContract, responseSchemaPointer } from './contract';

const contractId = 'brm-contract';
let ajv: Ajv2020 | null = null;
const validators = new Map<string, ValidateFunction>();

/** The shared ajv instance holding the contract document. */
function instance(): Ajv2020 {
  if (ajv) return ajv;
  const doc = loadContract();
  const schemas = { ...doc.components.schemas };
  // The envelope variant of the change page: `data` is checked per type afterwards, so the
  // contract's per-type rules (`allOf` of `Change`) are left out here.
  const { allOf: _perType, ...change } = schemas.Change as { properties: Record<string, unknown>; allOf?: unknown };
  schemas.ChangeEnvelope = { ...change, properties: { ...change.properties, data: { type: ['object', 'null'] } } };
  const page = schemas.ChangePage as { properties: Record<string, unknown> };
  schemas.ChangePageEnvelope = {
    ...page,
    properties: {
      ...page.properties,
      changes: { type: 'array', maxItems: 2000, items: { $ref: '#/components/schemas/ChangeEnvelope' } },
    },
  };
  // validateSchema: false skips compiling the JSON Schema meta-schema (~100 ms on the event loop at
  // sign-in); the contract's schemas are checked against it by the reference service's own ajv.
  ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true, validateSchema: false });
  addFormats(ajv, { mode: 'fast' });
  ajv.addSchema({ ...doc, components: { ...doc.components, schemas }, $id: contractId });
  return ajv;
}

function compiled(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = instance().compile({ $ref: `${contractId}#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

function describe(errors: ErrorObject[] | null | undefined): string {
  const first = errors?.[0];
  return first ? `${first.instancePath || '/'} ${first.message ?? 'is not valid'}` : 'is not valid';
}

function invalid(what: string, errors: ErrorObject[] | null | undefined): ServiceError {
  return new ServiceError(
    'server_error',
    `The BRM service sent ${what} that BRM Desktop does not understand (${describe(errors)}). The server may run a different version; contact your administrator.`,
    502,
  );
}

/**
 * Checks a JSON answer of `operationId` with HTTP `status` against the contract and returns it typed
 * (the change feed's pages through validateChangePage).
 * Throws ServiceError('server_error') when it does not match.
 */
export function validateResponse<T>(operationId: OperationId, status: number, body: unknown): T {
  if (operationId === 'getChanges' && status === 200) return validateChangePage<T>(body);
  const pointer = responseSchemaPointer(operationId, status);
  if (pointer === null) return body as T;
  const validate = compiled(pointer);
  if (!validate(body)) throw invalid(`an answer to ${operationId}`, validate.errors);
  return body as T;
}

/**
 * Compiles the answer validators of `operationIds` ahead of their first answers, one step per
 * call (the contract first, then one operation each), so that each step can run in its own turn
 * of the event loop; returns false once nothing is left. Throws when the contract cannot be loaded.
 */
export function validationWarmer(operationIds: readonly OperationId[]): () => boolean {
  const steps = [
    () => void instance(),
    ...operationIds.flatMap((operationId) => {
      const pointer = responseSchemaPointer(operationId, 200) ?? responseSchemaPointer(operationId, 201);
      return pointer ? [() => void compiled(pointer)] : [];
    }),
  ];
  return () => {
    steps.shift()?.();
    return steps.length > 0;
  };
}

const recordSchemas: Record<SyncedType, string> = {
  contact: 'Contact',
  company: 'Company',
  calendarEvent: 'CalendarEvent',
  folder: 'Folder',
  document: 'Document',
  notification: 'Notification',
};

/**
 * Compiles the validators of the change feed ahead of its first page (loads the contract on first
 * use). The sync writer thread calls it while idle. Throws when the contract cannot be loaded.
 */
export function prepareChangePageValidation(): void {
  compiled('/components/schemas/ChangePageEnvelope');
  for (const schema of Object.values(recordSchemas)) compiled(`/components/schemas/${schema}`);
}

/** Checks a change-feed page (ChangePage): the envelope, then each upsert's record by its type. */
export function validateChangePage<T>(body: unknown): T {
  const envelope = compiled('/components/schemas/ChangePageEnvelope');
  if (!envelope(body)) throw invalid('a page of changes', envelope.errors);
  const changes = (body as { changes: { type: SyncedType; op: string; data: unknown }[] }).changes;
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i];
    if (change.op === 'delete') {
      if (change.data !== null)
        throw invalid('a page of changes', [
          { instancePath: `/changes/${i}/data`, message: 'must be null for a delete' } as ErrorObject,
        ]);
      continue;
    }
    const validate = compiled(`/components/schemas/${recordSchemas[change.type]}`);
    if (!validate(change.data)) {
      const errors = validate.errors?.map((e) => ({ ...e, instancePath: `/changes/${i}/data${e.instancePath}` }));
      throw invalid('a page of changes', errors);
    }
  }
  return body as T;
}
