import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { startHost } from './main/host/host';
import { createFakeCore, memoryKeychain } from './test/helpers/host-fake-core';
import { connectNodeBridge } from './test/helpers/host-bridge-client';
const dir = await mkdtemp(join(tmpdir(), 'brm-bench-'));
const fake = createFakeCore();
const host = await startHost({ serverUrl: 'http://127.0.0.1:9', dataDir: dir, rendererDir: 'out/renderer', createCore: fake.create, keychain: memoryKeychain });
const bridge = await connectNodeBridge(host.url);
for (let i = 0; i < 200; i++) await bridge.call('session.get', {});
const times: number[] = [];
for (let i = 0; i < 2000; i++) { const t = performance.now(); await bridge.call('session.get', {}); times.push(performance.now() - t); }
times.sort((a, b) => a - b);
console.log('call round trip p50', times[1000].toFixed(3), 'ms p95', times[1900].toFixed(3), 'ms');
execFileSync('dd', ['if=/dev/urandom', `of=${dir}/big.bin`, 'bs=1M', 'count=1024', 'status=none']);
const origin = new URL(host.url).origin;
for (const [label, url] of [['stage', `${origin}/stage?token=${host.token}&name=big.bin`]]) {
  const t = performance.now();
  const out = execFileSync('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-T', `${dir}/big.bin`, '-X', 'PUT', url]).toString();
  console.log(label, out, ((1024 / ((performance.now() - t) / 1000))).toFixed(0), 'MiB/s');
}
let t = performance.now(); execFileSync('cp', [`${dir}/big.bin`, `${dir}/copy.bin`]); console.log('cp floor', (1024 / ((performance.now() - t) / 1000)).toFixed(0), 'MiB/s');
console.log('rss MiB', (process.memoryUsage().rss / 2 ** 20).toFixed(0));
bridge.close(); await host.stop(); await rm(dir, { recursive: true, force: true });
