/**
 * The built Electron main process boots and serves the bridge. The Electron binary is not needed:
 * `npx electron-vite build` writes the real bundles, and the main bundle runs in Node with a
 * stand-in `electron` module (test/helpers/electron-boot/), which checks that the bundle's module
 * graph loads under Node's ES module rules and that start-up wires service, core, IPC and app://.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../../..');
let outDir: string;
let report: Record<string, unknown>;

beforeAll(async () => {
  // A sibling of out/ in the repository: the same depth as the real build (files are found
  // relative to the bundle) and external packages resolve from node_modules.
  outDir = await mkdtemp(join(repoRoot, '.electron-boot-'));
  await run('npx', ['electron-vite', 'build', '--outDir', outDir], { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 });
  const { stdout } = await run(
    process.execPath,
    [join(repoRoot, 'test/helpers/electron-boot/run.mjs'), join(outDir, 'main/index.js')],
    { cwd: repoRoot, env: { ...process.env, BRM_SERVER_URL: '' }, maxBuffer: 16 * 1024 * 1024 },
  );
  report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
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
});
