/**
 * Runs the reference service in its own process for benchmarks, so that the core's event loop is
 * measured alone. Argument: a JSON `StartServiceOptions`, plus `salesData: true` to insert the sales
 * benchmarks' extra records (sales-data.ts). Prints one JSON line `{ url, credentials, seedMs,
 * salesMs }` on stdout when ready; stops on SIGTERM.
 */
import { startService } from '../../server/start';
import { insertSalesData } from './sales-data';

const { salesData, ...options } = JSON.parse(process.argv[2] ?? '{}');
// Benchmarks measure throughput: request quotas would throttle them.
const service = await startService({ rateLimits: { perUser: 1_000_000_000, perAddress: 1_000_000_000 }, ...options });
const salesMs = salesData ? insertSalesData(service) : 0;
process.stdout.write(
  `${JSON.stringify({ url: service.url, credentials: service.credentials, seedMs: service.seedMs, salesMs })}\n`,
);
process.on('SIGTERM', () => {
  void service.stop().then(() => process.exit(0));
});
