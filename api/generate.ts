/**
 * Generates TypeScript from the contract `api/openapi.yaml` into `api/generated/` (not committed):
 * - `schema.d.ts`: request and response types (openapi-typescript);
 * - `operations.ts`: operationId → { method, path } for every operation, so that the client calls
 *   operations by operationId and no path string appears outside the contract;
 * - `openapi.json`: the contract as JSON, which the client loads at start in well under a
 *   millisecond (parsing the YAML takes ~100 ms of the event loop).
 * Run by `npm run gen` (and on install through the `prepare` script).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
const specPath = join(here, 'openapi.yaml');
const outDir = join(here, 'generated');

interface OperationObject {
  operationId?: string;
}
type PathItem = Record<string, OperationObject>;

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

async function main(): Promise<void> {
  const text = readFileSync(specPath, 'utf8');
  const spec = parse(text) as { paths: Record<string, PathItem> };
  mkdirSync(outDir, { recursive: true });

  writeFileSync(join(outDir, 'openapi.json'), JSON.stringify(spec));

  const ast = await openapiTS(new URL(`file://${specPath}`));
  writeFileSync(
    join(outDir, 'schema.d.ts'),
    `/* Generated from api/openapi.yaml by api/generate.ts. Do not edit. */\n${astToString(ast)}`,
  );

  const rows: string[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      rows.push(`  ${op.operationId}: { method: '${method.toUpperCase()}', path: '${path}' },`);
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
  console.log(`api: generated types and ${rows.length} operations into api/generated/`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
