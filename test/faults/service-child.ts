/**
 * The reference service in a child process, for scenarios that kill it with SIGKILL
 * (test/faults/service-process.ts): opens (or seeds) the data folder, listens on the given port and
 * prints `listening <url>`. With a rate, the service listens on a free port behind a proxy on the
 * given port (test/helpers/switchable-proxy.ts) that passes request and answer bodies at that many
 * bytes per second, so a transfer of a few MiB is still under way when the process is killed; the
 * kill takes the proxy down with the service, as a crash of a service behind a slow link would.
 * Usage: node --import tsx service-child.ts '<ServiceChildOptions as JSON>'
 */
import type { DemoOptions } from '../../server/demo/seed';
import { startService } from '../../server/start';
import { startSwitchableProxy } from '../helpers/switchable-proxy';

/** What the child is started with. */
export interface ServiceChildOptions {
  /** The service's data folder (seeded with `demo` when empty). */
  dataDir: string;
  /** The port clients use; 0 picks a free one (printed). */
  port: number;
  demo: Partial<DemoOptions>;
  /** Bytes per second of request and answer bodies, or null for full speed. */
  bytesPerSecond: number | null;
}

const options = JSON.parse(process.argv[2] ?? '{}') as ServiceChildOptions;
if (typeof options.dataDir !== 'string' || !Number.isInteger(options.port)) {
  throw new Error('Usage: service-child.ts \'{"dataDir": ..., "port": ..., "demo": {...}, "bytesPerSecond": ...}\'');
}
if (options.bytesPerSecond === null) {
  const service = await startService({ dataDir: options.dataDir, port: options.port, demo: options.demo });
  process.stdout.write(`listening ${service.url}\n`);
} else {
  const service = await startService({ dataDir: options.dataDir, demo: options.demo });
  const proxy = await startSwitchableProxy(service.url, options.port);
  proxy.throttle(options.bytesPerSecond);
  proxy.throttleAnswers(options.bytesPerSecond);
  process.stdout.write(`listening ${proxy.url}\n`);
}
