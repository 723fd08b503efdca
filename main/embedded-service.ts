/**
 * The embedded demo service: when no server URL is configured, both hosts run the reference BRM
 * service in-process on a free loopback port, with its data in `<dataDir>/demo-service`, and point
 * the sign-in screen at it (DESIGN §6).
 */
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

/**
 * Starts the reference service on 127.0.0.1, port 0, seeded with demo data on first use and reused
 * afterwards. Throws (with the service's own error) when it cannot start.
 */
export async function startEmbeddedService(dataDir: string): Promise<EmbeddedService> {
  const service = await startService({ dataDir: embeddedServiceDir(dataDir), port: 0, host: '127.0.0.1' });
  return { service, url: service.url, credentials: service.credentials };
}
