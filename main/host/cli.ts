/**
 * `npm run start:browser`: runs BRM Desktop in browser mode and prints the URL to open.
 *
 * Flags: `--port N` (default: any free port), `--server URL` (else `BRM_SERVER_URL`, else
 * `serverUrl` in `<data>/settings.json`, else the embedded demo service), `--data DIR` (else
 * `BRM_DATA_DIR`, else `$XDG_DATA_HOME/brm-desktop` or `~/.local/share/brm-desktop`).
 * Stops cleanly on SIGINT/SIGTERM. A second launch on a data folder that a running BRM Desktop
 * holds prints who holds it (pid, and the URL to open) and exits with code 1, changing nothing
 * (docs/SECURITY.md, "One host per data folder").
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir, resolveServerUrl, settingsFileName } from '../app-config';
import { DataFolderInUseError } from './data-folder-lock';
import { startHost } from './host';

const usage = `Usage: npm run start:browser -- [--port N] [--server URL] [--data DIR]`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      server: { type: 'string' },
      data: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`--port must be a whole number from 0 to 65535 (0 picks a free port); got "${values.port}".`);
  }
  const dataDir = resolve(values.data ?? (process.env.BRM_DATA_DIR?.trim() || defaultDataDir()));
  const serverUrl = await resolveServerUrl({ flag: values.server, settingsPath: join(dataDir, settingsFileName) });
  const rendererDir = resolve(import.meta.dirname, '../../out/renderer');

  const host = await startHost({ port, serverUrl, dataDir, rendererDir });
  console.log('BRM Desktop is running in browser mode.');
  console.log(`Open this URL in your browser: ${host.url}`);
  if (host.service) {
    const { username, password } = host.service.credentials;
    console.log(`Demo service: ${host.service.url} (sign in as ${username} / ${password})`);
  } else {
    console.log(`Service: ${serverUrl}`);
  }
  console.log(`Data folder: ${dataDir}`);
  console.log('Press Ctrl+C to stop.');

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping BRM Desktop…`);
    host.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('BRM Desktop did not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof DataFolderInUseError ? message : `BRM Desktop could not start: ${message}`);
  const isUsageError = (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS') || message.startsWith('--');
  if (isUsageError) console.error(usage);
  process.exit(1);
});
