/**
 * `npm run server -- [--port N] [--data DIR] [--host H] [--log]`: runs the reference service alone and
 * prints its URL and the demo credentials. Data defaults to `.data/server` under the project.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startService } from './start';

const projectDir = join(dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      data: { type: 'string', default: join(projectDir, '.data', 'server') },
      host: { type: 'string', default: '127.0.0.1' },
      log: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npm run server -- [--port N (0 = any free port; default 4010)] [--data DIR] [--host H] [--log]',
    );
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535, got ${values.port}`);
  const service = await startService({ dataDir: values.data, port, host: values.host, logger: values.log });
  console.log(`BRM service listening on ${service.url}`);
  console.log(`Data: ${values.data}${service.seedMs ? ` (demo data seeded in ${Math.round(service.seedMs)} ms)` : ''}`);
  const { updated, removed } = service.crc32Backfill;
  if (updated || removed.length) {
    console.log(
      `Contract 0.5.0: ${updated} documents gained crc32; ${removed.length} whose file is lost were deleted${removed.length ? ` (${removed.join(', ')})` : ''}`,
    );
  }
  for (const rename of service.nameKeyRenames) {
    console.log(
      `Contract 0.6.0: ${rename.table} ${rename.id} renamed “${rename.from}” → “${rename.to}” (it read like an older name beside it)`,
    );
  }
  console.log(`Demo user: ${service.credentials.username}  password: ${service.credentials.password}`);
  console.log(`Contract: ${service.url}/openapi.yaml`);
  const shutdown = (signal: string) => {
    console.log(`${signal}: stopping`);
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
