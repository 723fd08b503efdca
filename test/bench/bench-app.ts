/**
 * The app as the browser benchmarks run it (docs/PERFORMANCE.md): the browser-mode host (with its
 * core) in this process against a running reference service, the built renderer
 * (`npm run build:renderer`) in headless Chromium, signed in and bootstrapped. Shared by the
 * renderer, sales and views parts.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type RunningHost, startHost } from '../../main/host/host';
import { chromiumPath, rendererDir, repoRoot } from '../helpers/e2e-harness';

const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** Time allowed for sign-in and the bootstrap of the data set, ms. */
const bootstrapTimeoutMs = 600_000;

/** What the benchmarks need of a running service: its address and the demo user. */
export interface BenchService {
  url: string;
  credentials: { username: string; password: string };
}

/** The signed-in app handed to a benchmark's measurements. */
export interface BenchApp {
  host: RunningHost;
  browser: Browser;
  page: Page;
}

/** Options of `withSignedInApp`. */
export interface SignedInAppOptions {
  service: BenchService;
  /** The host's data folder (created when missing). */
  hostDir: string;
  /** Scripts installed in the page before its own scripts on every navigation. */
  initScripts: string[];
  /** Prefix of the page errors printed to stderr. */
  name: string;
}

let warnedStale = false;

/**
 * Throws when the renderer is not built or Chromium is missing; warns when the renderer's sources
 * changed after the last build (the figures would measure the old build).
 */
export function requireBuiltRenderer(): void {
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(
      `The renderer is not built (${rendererDir} has no index.html). Run "npm run build:renderer" first.`,
    );
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install the Debian package "chromium" or set BRM_E2E_CHROMIUM.`,
    );
  }
  if (!warnedStale && newestMtimeMs(join(repoRoot, 'renderer')) > statSync(join(rendererDir, 'index.html')).mtimeMs) {
    warnedStale = true;
    console.warn(
      'bench: the renderer sources changed after the last build; run "npm run build:renderer" to measure them.',
    );
  }
}

/**
 * Starts the host, opens the app in a 1280×800 page of headless Chromium, signs in as the service's
 * demo user, waits for the bootstrap (Sync status "Synced"), runs `measure`, then closes everything.
 * Throws when the renderer is not built or the bootstrap does not end in time.
 */
export async function withSignedInApp<T>(
  { service, hostDir, initScripts, name }: SignedInAppOptions,
  measure: (app: BenchApp) => Promise<T>,
): Promise<T> {
  requireBuiltRenderer();
  const host = await startHost({ serverUrl: service.url, dataDir: hostDir, rendererDir });
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
      page.on('pageerror', (error) => console.error(`${name} page error:`, error.message));
      for (const content of initScripts) await page.addInitScript({ content });
      await page.goto(host.url);
      await signIn(page, service);
      return await measure({ host, browser, page });
    } finally {
      await browser.close();
    }
  } finally {
    await host.stop();
  }
}

/** Signs in on the sign-in screen and waits until the bootstrap finished (Sync status says "Synced"). */
async function signIn(page: Page, service: BenchService): Promise<void> {
  await page.getByLabel('Server URL', { exact: true }).fill(service.url);
  await page.getByLabel('E-mail', { exact: true }).fill(service.credentials.username);
  await page.getByLabel('Password', { exact: true }).fill(service.credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const status = page.getByRole('status', { name: 'Sync status' });
  await status.filter({ hasText: 'Synced' }).waitFor({ timeout: bootstrapTimeoutMs });
}

/** The main navigation's entry `name` (a button or a link). */
export function navEntry(page: Page, name: string) {
  const main = page.getByRole('navigation', { name: 'Main' });
  return main.getByRole('button', { name, exact: true }).or(main.getByRole('link', { name, exact: true }));
}

/** The latest modification time (ms since the epoch) of the files under `dir`. */
function newestMtimeMs(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((newest, entry) => Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs), 0);
}
