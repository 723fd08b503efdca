import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { startService } from './server/start';
const dir = mkdtempSync(`${tmpdir()}/seed-`);
const t = Date.now();
const s = await startService({ dataDir: dir, port: 0 });
console.log('seeded', Date.now() - t, 'ms', s.seedMs, s.nameKeyRenames.length);
console.log(s.store.db.prepare('SELECT record_table, count(*) n FROM name_keys GROUP BY 1').all());
await s.stop();
