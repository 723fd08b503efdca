/**
 * The app package as electron-builder builds it from electron-builder.yml (docs/PACKAGING.md):
 * the Linux unpacked target is built for real from `npm run build`'s output, with a stand-in for
 * the Electron distribution (which cannot be downloaded here) and without rebuilding the native
 * modules for Electron's ABI (that needs Electron's headers); everything else (the file list, the
 * asar, what is unpacked from it, the fuses) is electron-builder's own work on our configuration.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { FuseState } from '@electron/fuses/dist/constants.js';
import { build, Platform } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBuilderConfig, projectDir } from '../../packaging/builder-config';
import { writeFakeElectron } from './fake-electron';

const config = loadBuilderConfig();
const electronVersion = JSON.parse(readFileSync(join(projectDir, 'node_modules/electron/package.json'), 'utf8'))
  .version as string;
const packageJson = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The fuses the configuration asks for, in wire order (FuseV1Options). */
const wanted: Array<[FuseV1Options, boolean]> = [
  [FuseV1Options.RunAsNode, false],
  [FuseV1Options.EnableCookieEncryption, true],
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable, false],
  [FuseV1Options.EnableNodeCliInspectArguments, false],
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation, true],
  [FuseV1Options.OnlyLoadAppFromAsar, true],
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot, false],
  [FuseV1Options.GrantFileProtocolExtraPrivileges, false],
];

let work: string;
let appDir: string;
let entries: string[];
let unpacked: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'brm-package-'));
  // The app as `npm run dist` packs it: `npm run build` writes out/.
  execFileSync('npx', ['electron-vite', 'build'], { cwd: projectDir, stdio: 'ignore' });
  const electronDist = await writeFakeElectron(
    join(work, 'electron'),
    wanted.map(([, on]) => (on ? '0' : '1')).join(''),
    electronVersion,
  );
  await build({
    projectDir,
    targets: Platform.LINUX.createTarget('dir'),
    publish: 'never',
    config: {
      ...config,
      electronDist,
      electronVersion,
      npmRebuild: false,
      directories: { ...config.directories, output: join(work, 'dist') },
    },
  });
  appDir = join(work, 'dist', 'linux-unpacked');
  entries = listPackage(join(appDir, 'resources', 'app.asar'), { isPack: false });
  unpacked = join(appDir, 'resources', 'app.asar.unpacked');
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the app package', () => {
  it('holds the built app and the files it reads at run time', () => {
    for (const file of [
      '/package.json',
      '/out/main/index.js',
      '/out/main/page-writer-worker.js',
      '/out/main/integrity-worker.js',
      '/out/main/transfer-worker.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/api/openapi.yaml',
      '/api/generated/openapi.json',
      '/docs/API-CHANGELOG.md',
    ])
      expect(entries, file).toContain(file);
  });

  it('holds the production dependencies the main process imports', () => {
    for (const name of ['better-sqlite3', 'keytar', 'fastify', 'electron-updater', 'zod', 'sharp'])
      expect(entries, name).toContain(`/node_modules/${name}/package.json`);
  });

  it('unpacks the native modules from the asar, where Node can load them', () => {
    expect(existsSync(join(unpacked, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))).toBe(true);
    expect(existsSync(join(unpacked, 'node_modules/keytar/build/Release/keytar.node'))).toBe(true);
  });

  it('holds nothing from tests, benchmarks, sources, source maps, data or development tools', () => {
    const outside = entries.filter((e) => !e.startsWith('/node_modules/'));
    expect(
      outside.filter((e) => /^\/(test|server|main|preload|renderer|scripts|packaging|resources)(\/|$)/.test(e)),
    ).toEqual([]);
    expect(outside.filter((e) => /\.(tsx?|map|db|sqlite|db-wal)$/.test(e))).toEqual([]);
    expect(entries.filter((e) => e.endsWith('.map'))).toEqual([]);
    for (const name of Object.keys(packageJson.devDependencies))
      expect(entries, name).not.toContain(`/node_modules/${name}/package.json`);
  });

  it('flips the Electron fuses the configuration names', async () => {
    const wire = await getCurrentFuseWire(join(appDir, 'brm-desktop'));
    for (const [fuse, on] of wanted)
      expect([fuse, wire[fuse]]).toEqual([fuse, on ? FuseState.ENABLE : FuseState.DISABLE]);
  });
});
