/**
 * Generates TypeScript from the contract `api/openapi.yaml` into `api/generated/` (not committed):
 * - `schema.d.ts`: request and response types (openapi-typescript);
 * - `operations.ts`: operationId → { method, path } for every operation, so that the client calls
 *   operations by operationId and no path string appears outside the contract;
 * - `openapi.json`: the contract as JSON, which the client loads at start in well under a
 *   millisecond (parsing the YAML takes ~100 ms of the event loop);
 * - `write-schemas.ts`: the JSON Schemas of the request bodies the client writes (`writeSchemaNames`),
 *   with their `$ref`s inlined, so that the bridge and the renderer's forms validate an edit with
 *   exactly the contract's limits before it is queued;
 * - `access.ts`: the access model (`x-access-model`) and every operation's rule (`x-access`), after
 *   checking them (`./access-check.ts`), for the service's enforcement and the client's offers.
 * Run by `npm run gen` (and on install through the `prepare` script).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';
import { type AccessContract, accessDeclarationProblems } from './access-check';

const here = dirname(fileURLToPath(import.meta.url));
const specPath = join(here, 'openapi.yaml');
const outDir = join(here, 'generated');

interface OperationObject {
  operationId?: string;
  'x-access'?: unknown;
}
type PathItem = Record<string, OperationObject>;

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The request-body schemas the client validates edits with (components/schemas names). */
const writeSchemaNames = [
  'ContactSave',
  'CompanySave',
  'CalendarEventInput',
  'CommentInput',
  'CmtSave',
  'BranchSave',
  'GroupCreate',
  'GroupRename',
  'GroupMetaSave',
  'GroupMove',
  'GroupAddMembers',
  'ContactSettingsSave',
  'PasswordReset',
  'StoryInput',
  'ExportTemplateSave',
  'CampaignInput',
  'ImportMappingFile',
  'DocumentSave',
  'FolderSave',
  'DocumentRejection',
  'DocumentApprovalRequest',
] as const;

/** Returns `schema` with every local `#/components/schemas/X` reference replaced by X itself (no cycles expected). */
function inlineRefs(schema: unknown, schemas: Record<string, unknown>, depth = 0): unknown {
  if (depth > 20) throw new Error("The contract's write schemas nest too deeply (a reference cycle?).");
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(item, schemas, depth + 1));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    if (!(name in schemas)) throw new Error(`Unknown schema reference ${ref}`);
    return inlineRefs(schemas[name], schemas, depth + 1);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'example' || key === 'examples') continue;
    out[key] = inlineRefs(value, schemas, depth + 1);
  }
  return out;
}

async function main(): Promise<void> {
  const text = readFileSync(specPath, 'utf8');
  const spec = parse(text) as { paths: Record<string, PathItem>; components: { schemas: Record<string, unknown> } };
  mkdirSync(outDir, { recursive: true });

  writeFileSync(join(outDir, 'openapi.json'), JSON.stringify(spec));

  const ast = await openapiTS(new URL(`file://${specPath}`));
  writeFileSync(
    join(outDir, 'schema.d.ts'),
    `/* Generated from api/openapi.yaml by api/generate.ts. Do not edit. */\n${astToString(ast)}`,
  );

  const accessProblems = accessDeclarationProblems(spec as unknown as AccessContract);
  if (accessProblems.length)
    throw new Error(`The contract's access rules are wrong:\n- ${accessProblems.join('\n- ')}`);
  const rows: string[] = [];
  const accessRows: string[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      rows.push(`  ${op.operationId}: { method: '${method.toUpperCase()}', path: '${path}' },`);
      accessRows.push(`  ${op.operationId}: ${JSON.stringify(op['x-access'])},`);
    }
  }
  writeFileSync(
    join(outDir, 'operations.ts'),
    [
      '/* Generated from api/openapi.yaml by api/generate.ts. Do not edit. */',
      '/** operationId → HTTP method and path, for every operation of the contract. */',
      'export const operations = {',
      ...rows,
      '} as const;',
      'export type OperationId = keyof typeof operations;',
      '',
    ].join('\n'),
  );
  const writeSchemas = Object.fromEntries(
    writeSchemaNames.map((name) => [name, inlineRefs(spec.components.schemas[name], spec.components.schemas)]),
  );
  writeFileSync(
    join(outDir, 'write-schemas.ts'),
    [
      '/* Generated from api/openapi.yaml by api/generate.ts. Do not edit. */',
      '/** JSON Schemas (draft 2020-12) of the request bodies the client writes, references inlined. */',
      `export const writeSchemas = ${JSON.stringify(writeSchemas, null, 2)} as const;`,
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(outDir, 'access.ts'),
    [
      '/* Generated from api/openapi.yaml by api/generate.ts. Do not edit. */',
      "import type { AccessModel, AccessRule } from '../access';",
      "import type { OperationId } from './operations';",
      '/** The access model of the contract (`x-access-model`; see api/access.ts). */',
      `export const accessModel: AccessModel = ${JSON.stringify((spec as { 'x-access-model'?: unknown })['x-access-model'], (key, value) => (key === 'description' ? undefined : value))};`,
      "/** Every operation's access rule (`x-access`), by operationId. */",
      'export const operationAccess: Record<OperationId, AccessRule> = {',
      ...accessRows,
      '};',
      '',
    ].join('\n'),
  );
  console.log(`api: generated types and ${rows.length} operations into api/generated/`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
