/**
 * The built Electron main process boots and serves the bridge. The Electron binary is not needed:
 * `npx electron-vite build` writes the real bundles, and the main bundle runs in Node with a
 * stand-in `electron` module (test/helpers/electron-boot/), which checks that the bundle's module
 * graph loads under Node's ES module rules and that start-up wires service, core, IPC and app://.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataFolderLock } from '../../../main/host/data-folder-lock';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../../..');
let outDir: string;
let report: Record<string, unknown>;

/** Runs the built main process with the stand-in and returns its report. */
async function boot(env: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const { stdout } = await run(
    process.execPath,
    [join(repoRoot, 'test/helpers/electron-boot/run.mjs'), join(outDir, 'main/index.js')],
    { cwd: repoRoot, env: { ...process.env, BRM_SERVER_URL: '', ...env }, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
}

beforeAll(async () => {
  // A sibling of out/ in the repository: the same depth as the real build (files are found
  // relative to the bundle) and external packages resolve from node_modules.
  outDir = await mkdtemp(join(repoRoot, '.electron-boot-'));
  await run('npx', ['electron-vite', 'build', '--outDir', outDir], { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 });
  report = await boot();
});

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('built Electron main process', () => {
  it('starts the embedded service and the core and answers the app page over IPC', () => {
    expect(report.errors).toEqual([]);
    expect(report.getInfo).toMatchObject({
      ok: true,
      result: {
        mode: 'electron',
        defaultServerUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        demoCredentials: { username: expect.any(String), password: expect.any(String) },
      },
    });
  });

  it('registers itself as the handler of brm:// record links', () => {
    expect(report.protocolClients).toEqual(['brm']);
  });

  it('opens its window with the secure web preferences and the built preload', () => {
    expect(report.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: join(outDir, 'preload/index.cjs'),
    });
  });

  it('refuses a call from a foreign frame', () => {
    expect(report.foreign).toEqual({ rejected: 'This page may not use the BRM Desktop bridge.' });
  });

  it('serves the built renderer on app:// with a CSP that allows no outside connections', () => {
    expect(report.page).toMatchObject({ status: 200, csp: expect.stringContaining("connect-src 'self';") });
    expect((report.page as { csp: string }).csp).toContain("script-src 'self'");
    expect((report.page as { csp: string }).csp).toContain("frame-ancestors 'none'");
  });

  it('stops the core and the service when the app quits', () => {
    expect(report.quit).toBe('clean');
  });

  it('holds the data-folder lock of the browser-mode host on its user data folder while it runs', () => {
    expect(report.lock).toMatchObject({ pid: report.pid, app: 'electron', url: null });
    expect(report.lockAfterQuit).toBe(false);
  });

  it('refuses to start on a user data folder that a browser-mode host holds, saying which', async () => {
    const base = await mkdtemp(join(tmpdir(), 'brm-electron-held-'));
    const held = await acquireDataFolderLock(join(base, 'userData'), 'browser');
    await held.setUrl('http://127.0.0.1:4567/?token=abc');
    try {
      const refused = await boot({ BRM_BOOT_BASE: base });
      expect(refused.getInfo).toBeUndefined();
      expect(refused.errors).toEqual([
        expect.stringContaining(
          `BRM Desktop could not start: BRM Desktop in browser mode (process ${process.pid}, started `,
        ),
      ]);
      expect((refused.errors as string[])[0]).toContain('Open it in your browser: http://127.0.0.1:4567/?token=abc');
      // Nothing was started in the folder: no cache, no demo service.
      expect((await readdir(join(base, 'userData'))).sort()).toEqual(['brm-desktop.lock']);
    } finally {
      await held.release();
      await rm(base, { recursive: true, force: true });
    }
  });
});
