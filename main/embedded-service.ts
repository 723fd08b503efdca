/**
 * The embedded demo service: when no server URL is configured, both hosts run the reference BRM
 * service in-process on a loopback port, with its data in `<dataDir>/demo-service`, and point the
 * sign-in screen at it (docs/ARCHITECTURE.md, "Layers"). The port is kept from one launch to the next, because the
 * signed-in session (and its keychain entry) names the service by its URL.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningService, startService } from '../server/start';

/** The running embedded service and what the core needs to know about it (see `CoreOptions`). */
export interface EmbeddedService {
  service: RunningService;
  /** The service's base URL, for `CoreOptions.defaultServerUrl`. */
  url: string;
  /** The demo user, for `CoreOptions.demoCredentials`. */
  credentials: { username: string; password: string };
}

/** Folder of the embedded service's database and files inside the app's data folder. */
export function embeddedServiceDir(dataDir: string): string {
  return join(dataDir, 'demo-service');
}

/** The port the embedded service used last time, or 0 (any free port) when none was recorded. */
function lastPort(file: string): number {
  try {
    const port = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : 0;
  } catch {
    return 0;
  }
}

/**
 * Starts the reference service on 127.0.0.1, seeded with demo data on first use and reused
 * afterwards, on the port it had last time (recorded in `<dataDir>/demo-service/port`), or on a free
 * port when that one is taken or none was recorded. Throws (with the service's own error) when it
 * cannot start.
 */
export async function startEmbeddedService(dataDir: string): Promise<EmbeddedService> {
  const dir = embeddedServiceDir(dataDir);
  const portFile = join(dir, 'port');
  const start = (port: number) => startService({ dataDir: dir, port, host: '127.0.0.1' });
  const wanted = lastPort(portFile);
  let service: RunningService;
  try {
    service = await start(wanted);
  } catch (error) {
    if (wanted === 0 || (error as { code?: string }).code !== 'EADDRINUSE') throw error;
    service = await start(0);
  }
  writeFileSync(portFile, `${new URL(service.url).port}\n`);
  return { service, url: service.url, credentials: service.credentials };
}
