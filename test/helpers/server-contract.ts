/**
 * Checks HTTP responses against the contract (`api/openapi.yaml`): the status must be declared for
 * the operation, the media type must be one the response declares, and a JSON body must match the
 * response schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses, with ajv-formats).
 */
import type { ValidateFunction } from 'ajv';
import type { OperationId } from '../../api/generated/operations';
import { compileContractSchema, createContractAjv } from '../../server/contract/ajv';
import { listOperations, loadContract, type ResponseObject, resolveRef } from '../../server/contract/spec';

/** A response as read from the wire. `body` is parsed JSON for JSON media types, else a Buffer. */
export interface WireResponse {
  status: number;
  contentType: string | null;
  body: unknown;
}

const { contract } = loadContract();
const ajv = createContractAjv(contract);
const operations = new Map(listOperations(contract).map((o) => [o.operationId, o]));
const compiled = new Map<string, ValidateFunction>();

function isJson(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/**
 * Lists how a response departs from the contract for `operationId`; empty when it conforms. Stricter
 * than the contract on one point: the operation's `default` answer covers only 5xx, so every 4xx the
 * reference service gives must be listed by its status.
 */
export function contractViolations(operationId: OperationId, response: WireResponse): string[] {
  const op = operations.get(operationId);
  if (!op) return [`the contract has no operation ${operationId}`];
  const declared =
    op.operation.responses[String(response.status)] ??
    (response.status >= 500 ? op.operation.responses.default : undefined);
  if (!declared) return [`status ${response.status} is not declared for ${operationId}`];
  const spec = resolveRef<ResponseObject>(contract, declared);
  const mediaType = response.contentType?.split(';')[0].trim().toLowerCase() ?? null;
  const content = spec.content ?? {};
  if (Object.keys(content).length === 0) {
    return response.body === undefined || (Buffer.isBuffer(response.body) && response.body.length === 0)
      ? []
      : [`status ${response.status} of ${operationId} declares no body`];
  }
  if (!mediaType || !content[mediaType]) {
    return [
      `media type ${mediaType} is not declared for ${operationId} ${response.status} (${Object.keys(content).join(', ')})`,
    ];
  }
  const schema = content[mediaType].schema;
  if (!schema || !isJson(mediaType)) return [];
  const key = `${operationId} ${response.status} ${mediaType}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = compileContractSchema(ajv, schema);
    compiled.set(key, validate);
  }
  if (validate(response.body)) return [];
  return (validate.errors ?? [])
    .slice(0, 10)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** Throws an Error listing the violations when the response does not conform to the contract. */
export function assertContractResponse(operationId: OperationId, response: WireResponse): void {
  const violations = contractViolations(operationId, response);
  if (violations.length) {
    const body = Buffer.isBuffer(response.body)
      ? `<${response.body.length} bytes>`
      : JSON.stringify(response.body)?.slice(0, 500);
    throw new Error(
      `${operationId} answered ${response.status} against the contract:\n- ${violations.join('\n- ')}\nbody: ${body}`,
    );
  }
}

/**
 * Reads a fetch Response completely, checks it with assertContractResponse and returns it with the
 * body parsed (JSON) or as a Buffer (other media types).
 */
export async function readContractResponse(
  operationId: OperationId,
  res: Response,
): Promise<WireResponse & { headers: Headers }> {
  const contentType = res.headers.get('content-type');
  const bytes = Buffer.from(await res.arrayBuffer());
  const mediaType = contentType?.split(';')[0].trim().toLowerCase() ?? '';
  const body = isJson(mediaType) && bytes.length > 0 ? (JSON.parse(bytes.toString('utf8')) as unknown) : bytes;
  const response = { status: res.status, contentType, body };
  assertContractResponse(operationId, response);
  return { ...response, headers: res.headers };
}
