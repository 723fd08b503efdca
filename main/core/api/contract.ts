/**
 * The HTTP contract (`api/openapi.yaml`) as data, for validating the service's answers at the
 * boundary. It is read from its JSON copy `api/generated/openapi.json` (written by `npm run gen`),
 * which parses in well under a millisecond where the YAML takes ~100 ms of the event loop. The file
 * is found with `findProjectFile` (api/locate.ts), from the sources or a bundle.
 */
import { readFileSync } from 'node:fs';
import { findProjectFile } from '../../../api/locate';
import type { OperationId } from '../../../api/generated/operations';

/** The parts of an OpenAPI 3.1 document the core reads. */
export interface ContractDocument {
  info: { version: string };
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown> };
}

let cached: ContractDocument | null = null;

/** Loads and parses the contract once. */
export function loadContract(): ContractDocument {
  if (!cached)
    cached = JSON.parse(readFileSync(findProjectFile('api/generated/openapi.json'), 'utf8')) as ContractDocument;
  return cached;
}

/** Escapes one JSON pointer token (RFC 6901 §3). */
function pointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * The JSON pointer (RFC 6901) to the JSON schema of an operation's response `status`, or null
 * when that response has no JSON body. Responses given as `$ref` to `components/responses` are followed.
 */
export function responseSchemaPointer(operationId: OperationId, status: number): string | null {
  const doc = loadContract();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (op.operationId !== operationId) continue;
      let response = op.responses?.[String(status)] as { $ref?: string; content?: Record<string, unknown> } | undefined;
      let pointer = `/paths/${pointerToken(path)}/${method}/responses/${status}`;
      if (response?.$ref) {
        pointer = response.$ref.slice(1);
        const name = pointer.split('/').pop() ?? '';
        response = (doc as unknown as { components: { responses: Record<string, typeof response> } }).components
          .responses[name];
      }
      if (!response?.content?.['application/json']) return null;
      return `${pointer}/content/application~1json/schema`;
    }
  }
  throw new Error(`The contract has no operation ${operationId}.`);
}
