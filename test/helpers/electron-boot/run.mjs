/**
 * Boots a built main process with the `electron` stand-in, then prints one JSON line with what it
 * saw: the answer to `app.getInfo` from the app page, the answer to a call from a foreign frame,
 * the app:// page's status and CSP, the data-folder lock it holds, the error boxes shown, and
 * whether quitting stopped cleanly and released the lock.
 * Usage: node run.mjs <path of out/main/index.js>
 */
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

register('./hooks.mjs', import.meta.url);
const bundle = process.argv[2];
await import(pathToFileURL(bundle).href);
const { app } = await import('electron');
const stub = globalThis.brmElectronStub;

const deadline = Date.now() + 60_000;
while (!stub.ipcHandler || !stub.window || !stub.protocolHandler) {
  if (stub.errors.length > 0 || Date.now() > deadline) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const report = { errors: stub.errors };
if (stub.ipcHandler && stub.window && stub.protocolHandler) {
  const contents = stub.window.webContents;
  report.webPreferences = stub.window.options.webPreferences;
  report.getInfo = await stub.ipcHandler({ sender: contents, senderFrame: contents.mainFrame }, 'app.getInfo', {});
  report.foreign = await stub
    .ipcHandler({ sender: contents, senderFrame: { url: 'https://evil.example/' } }, 'app.getInfo', {})
    .then(
      (value) => ({ resolved: value }),
      (error) => ({ rejected: String(error.message) }),
    );
  const page = await stub.protocolHandler(new Request('app://brm/index.html'));
  report.page = { status: page.status, csp: page.headers.get('content-security-policy') };
  const lockPath = join(stub.base, 'userData', 'brm-desktop.lock');
  report.lock = existsSync(lockPath) ? JSON.parse(readFileSync(lockPath, 'utf8')) : null;
  report.pid = process.pid;
  report.protocolClients = stub.protocolClients;
  const quitDone = once(app, 'quit-done');
  app.quit();
  await quitDone;
  report.quit = 'clean';
  report.lockAfterQuit = existsSync(lockPath);
}
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
