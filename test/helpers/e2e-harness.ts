/**
 * End-to-end harness: the reference service, the browser-mode host and a headless Chromium page
 * opened on the host, wired together the way a user runs the app (docs/ARCHITECTURE.md, §7).
 *
 * The harness starts the service itself (not the host's embedded one) so a test can stop it and
 * start it again on the same port, as a real server going away and coming back.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { startHost } from '../../main/host/host';
import { type RunningService, type StartServiceOptions, startService } from '../../server/start';
import { type AxeScanOptions, scanForViolations } from './e2e-axe';

/** Repository root (the tests run from it; paths below are resolved against it). */
export const repoRoot = resolve(import.meta.dirname, '../..');
/** The built renderer that `npm run build:renderer` writes. */
export const rendererDir = join(repoRoot, 'out/renderer');
/** Where screenshots go (gitignored). */
export const screenshotsDir = join(repoRoot, 'test-results/screenshots');
/** The Chromium binary; `BRM_E2E_CHROMIUM` overrides the Debian path. */
export const chromiumPath = process.env.BRM_E2E_CHROMIUM ?? '/usr/bin/chromium';

/** Chromium flags: headless-friendly, no background traffic, no first-run UI (root in CI needs no sandbox). */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** The host as `startHost` returns it. */
export type RunningHost = Awaited<ReturnType<typeof startHost>>;

/**
 * Problems the page reported while the test ran: uncaught errors, console errors (CSP messages
 * among them) and every `securitypolicyviolation` event of its documents, described in words.
 */
export interface PageProblems {
  pageErrors: string[];
  consoleErrors: string[];
  cspViolations: string[];
}

/** The name of the function the init script calls with each CSP violation (a Playwright binding). */
const cspBinding = '__brmE2eCspViolation';

/**
 * Runs in every document of the page before its own scripts (an init script): reports each
 * `securitypolicyviolation` event (CSP Level 3 §5.3) to the test through the binding.
 */
function reportCspViolations(binding: string): void {
  // Runs in the page: the DOM's types are not in this file's Node typings.
  interface Violation {
    effectiveDirective: string;
    blockedURI: string;
    sourceFile: string;
    lineNumber: number;
    columnNumber: number;
    sample: string;
  }
  const page = globalThis as unknown as {
    addEventListener(type: string, listener: (event: Violation) => void, options: { capture: boolean }): void;
  } & Record<string, (text: string) => void>;
  page.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` : '';
      const sample = event.sample ? ` (${event.sample})` : '';
      page[binding](`${event.effectiveDirective} blocked ${event.blockedURI || 'an inline resource'}${where}${sample}`);
    },
    { capture: true },
  );
}

/** The apps started and not yet closed, whose pages `expectNoNewCspViolations` checks. */
const runningApps = new Set<{ problems: PageProblems; checked: { violations: number; console: number } }>();

/** The CSP messages among a page's console errors. */
const cspConsoleMessages = (problems: PageProblems) =>
  problems.consoleErrors.filter((text) => /Content[- ]Security[- ]Policy/i.test(text));

/**
 * Throws listing every `securitypolicyviolation` event and every console message about the Content
 * Security Policy that a running app's page reported since the last call (docs/SECURITY.md,
 * "Content Security Policy"); the e2e setup file calls it after each test.
 */
export function expectNoNewCspViolations(): void {
  const found: string[] = [];
  for (const app of runningApps) {
    const messages = cspConsoleMessages(app.problems);
    found.push(...app.problems.cspViolations.slice(app.checked.violations));
    found.push(...messages.slice(app.checked.console).map((text) => `console: ${text}`));
    app.checked = { violations: app.problems.cspViolations.length, console: messages.length };
  }
  if (found.length > 0) {
    throw new Error(`The page reported Content-Security-Policy violations:\n${found.join('\n')}`);
  }
}

/** A running app under test. Call `close()` in `afterAll`. */
export interface E2eApp {
  /** The reference service as it runs now (replaced by `restartService`). */
  readonly service: RunningService;
  readonly host: RunningHost;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** What the page reported so far; tests assert on it at the end. */
  readonly problems: PageProblems;
  /** Saves a full-viewport PNG to `test-results/screenshots/<name>.png`; returns its path. */
  screenshot(name: string): Promise<string>;
  /**
   * Runs axe-core on the current page and records every serious or critical violation under
   * `view`, without failing the step, so a scenario's functional checks still run;
   * `expectAccessible()` then fails listing them.
   */
  axeScan(view: string, options?: AxeScanOptions): Promise<void>;
  /** Throws listing the violations that `axeScan` recorded, view by view; resolves when there were none. */
  expectAccessible(): void;
  /** Stops the service (the host and the page keep running, as when a server goes away). */
  stopService(): Promise<void>;
  /** Starts the service again on its previous port with the same data folder; resolves to it. */
  restartService(): Promise<RunningService>;
  /** Closes Chromium, the host and the service, and removes the temporary folders. */
  close(): Promise<void>;
}

/** Options for `startE2eApp`. */
export interface E2eAppOptions {
  /** Demo data sizes for the service (defaults: the service's own). */
  demo?: StartServiceOptions['demo'];
  /**
   * Whether the service holds feed requests, so changes made on it reach the app at once (default
   * true). False: a service as before contract 0.4.0, which the app asks every 30 s.
   */
  liveChanges?: boolean;
}

/**
 * Starts service, host and Chromium, and opens the host's URL (the sign-in screen) in a 1280×800 page.
 * Throws with a clear message when the renderer has not been built or Chromium is missing; whatever
 * was started before a failure is stopped again.
 */
export async function startE2eApp(options: E2eAppOptions = {}): Promise<E2eApp> {
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(
      `The renderer is not built: ${join(rendererDir, 'index.html')} is missing. Run "npm run build:renderer" first (npm test and npm run test:e2e do it).`,
    );
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install the Debian package "chromium" or set BRM_E2E_CHROMIUM to a Chromium binary.`,
    );
  }
  const root = await mkdtemp(join(tmpdir(), 'brm-e2e-'));
  const serviceDir = join(root, 'service');
  const hostDir = join(root, 'host');
  await Promise.all([mkdir(serviceDir), mkdir(hostDir), mkdir(screenshotsDir, { recursive: true })]);

  const cleanups: Array<() => Promise<unknown>> = [() => rm(root, { recursive: true, force: true })];
  const runCleanups = async (): Promise<void> => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => console.error('e2e teardown step failed:', error));
    }
  };

  try {
    const maxFeedWaitSeconds = options.liveChanges === false ? 0 : undefined;
    let service = await startService({ dataDir: serviceDir, demo: options.demo, maxFeedWaitSeconds });
    let serviceRunning = true;
    const servicePort = Number(new URL(service.url).port);
    cleanups.push(async () => {
      if (serviceRunning) await service.stop();
    });

    const host = await startHost({ serverUrl: service.url, dataDir: hostDir, rendererDir });
    cleanups.push(() => host.stop());

    const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
    cleanups.push(() => browser.close());
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    const page = await context.newPage();

    const problems: PageProblems = { pageErrors: [], consoleErrors: [], cspViolations: [] };
    page.on('pageerror', (error) => problems.pageErrors.push(error.stack ?? error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.consoleErrors.push(message.text());
    });
    await context.exposeBinding(cspBinding, (_source, text: string) => void problems.cspViolations.push(text));
    await context.addInitScript(reportCspViolations, cspBinding);
    const watched = { problems, checked: { violations: 0, console: 0 } };
    runningApps.add(watched);
    cleanups.push(async () => void runningApps.delete(watched));

    await page.goto(host.url);
    const accessibilityFailures: string[] = [];

    const app: E2eApp = {
      get service() {
        return service;
      },
      host,
      browser,
      context,
      page,
      problems,
      async screenshot(name) {
        const path = join(screenshotsDir, `${name}.png`);
        await page.screenshot({ path, animations: 'disabled' });
        return path;
      },
      async axeScan(view, scanOptions) {
        try {
          await scanForViolations(page, view, scanOptions);
        } catch (error) {
          accessibilityFailures.push(error instanceof Error ? error.message : String(error));
        }
      },
      expectAccessible() {
        if (accessibilityFailures.length > 0) throw new Error(accessibilityFailures.join('\n\n'));
      },
      async stopService() {
        if (!serviceRunning) return;
        await service.stop();
        serviceRunning = false;
      },
      async restartService() {
        if (serviceRunning) return service;
        service = await startService({
          dataDir: serviceDir,
          port: servicePort,
          demo: options.demo,
          maxFeedWaitSeconds,
        });
        serviceRunning = true;
        return service;
      },
      close: runCleanups,
    };
    return app;
  } catch (error) {
    await runCleanups();
    throw error;
  }
}
