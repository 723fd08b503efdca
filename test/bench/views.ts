/**
 * Views benchmark at the design scale (docs/PERFORMANCE.md): the reference service (in its own process)
 * seeded with the design's data set (100,000 contacts, 10,000 companies, 20,000 calendar events over
 * three months, 10,000 documents in the demo folder tree) plus the sales part's 5,000 deals, 10,000
 * branches and 100,000 spend rows (sales-data.ts); the browser-mode host and the built
 * renderer in headless Chromium (bench-app.ts), signed in and bootstrapped. Measured in the page:
 * - first paint of each view (budget 150 ms): from the click to the frame after the view's content
 *   is in the page, opened once, then 5 times from Notifications: Companies (first rows), Calendar
 *   month (first events), Calendar week (from the Month/Week switch), Documents (the folder tree) and
 *   the folder holding the most documents (from the click on it in the tree to its first rows), the
 *   Deals board and the Branch Locator (sales.ts `measureSalesViews`);
 * - long tasks over 50 ms (budget: none) while scrolling Companies and the largest folder's documents
 *   (renderer.ts `measureScrolling`), stepping the calendar quickly through months and weeks and
 *   scrolling its week grid, panning the locator's map and scrolling the board (sales.ts);
 * - keystroke to painted rows in "Search contacts" at 100,000 contacts (renderer.ts, budget p95 50 ms);
 * - the renderer's JS heap with every view of the main navigation opened once (budget 150 MiB):
 *   CDP `Performance.getMetrics` JSHeapUsedSize after `HeapProfiler.collectGarbage`.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { withSignedInApp } from './bench-app';
import { longTasks, pageScripts, timedOpen, toView } from './bench-open';
import { measureScrolling, measureSearch, probeScript, type Report, searchWords } from './renderer';
import { traceTasks } from './renderer-trace';
import { measureSalesInteraction, measureSalesViews } from './sales';
import { startServiceProcess } from './service-process';
import { ms, quantile } from './stats';

/** The design scale (run.ts `scales.design`). */
const design = { contacts: 100_000, companies: 10_000, events: 20_000, documents: 10_000, notifications: 50 };
/** The view the measured views are opened from: light, and not one of them. */
const fromView = 'Notifications';
/** Time allowed for a view's first opening (its first answer read from the cache), ms. */
const firstOpenMs = 120_000;

/** Runs the views benchmark and reports its figures; throws when a view does not show its content in time. */
export async function benchViews({ workDir, report }: { workDir: string; report: Report }): Promise<void> {
  // The service in its own process, as in the renderer part: the host's event loop serves the core alone.
  const service = await startServiceProcess({ dataDir: join(workDir, 'views-service'), demo: design, salesData: true });
  try {
    report('views: service seeded at the design scale', ms(service.seedMs));
    report('views: sales records inserted (5,000 deals, 10,000 branches, 100,000 spend rows)', ms(service.salesMs));
    report('views: load average (1 min) at the start', loadavg()[0].toFixed(2));
    await withSignedInApp(
      { service, hostDir: join(workDir, 'views-host'), initScripts: [probeScript, pageScripts], name: 'views' },
      async ({ host, browser, page }) => {
        report('views: load average (1 min) after the bootstrap', loadavg()[0].toFixed(2));
        await measureCompanies(browser, page, report);
        await measureCalendar(browser, page, report);
        const largest = await largestFolder(host.core);
        await measureDocuments(browser, page, report, largest);
        await measureSalesViews(page, report, fromView);
        await measureSalesInteraction(page, report, fromView);
        await toView(page, 'Contacts');
        await page.locator('[role="listbox"][aria-label="Contacts"] [role="option"]').first().waitFor();
        await measureSearch(page, await searchWords(host.core), report);
        await measureHeap(page, report);
        report('views: load average (1 min) at the end', loadavg()[0].toFixed(2));
      },
    );
  } finally {
    await service.stop();
  }
}

/**
 * Opens view `label` once (its first answer), then 5 times from `fromView`; reports the median and
 * max of those 5 first paints of `selector`.
 */
async function firstPaints(page: Page, report: Report, label: string, selector: string, what: string) {
  await timedOpen(page, label, selector, firstOpenMs);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    await toView(page, fromView);
    times.push(await timedOpen(page, label, selector, 30_000));
  }
  report(`views: ${what} first paint (median of 5)`, paintFigure(times));
}

const paintFigure = (times: number[]) => `${ms(quantile(times, 0.5))} (max ${ms(Math.max(...times))}; budget 150 ms)`;

/** Long tasks recorded while `act` runs (and 500 ms after), with the traced tasks' CPU time. */
async function longTasksDuring(browser: Browser, page: Page, report: Report, what: string, act: () => Promise<void>) {
  await page.waitForTimeout(500);
  const from = (await longTasks(page)).length;
  const { tasks: traced } = await traceTasks(browser, page, 50, async () => {
    await act();
    await page.waitForTimeout(500);
  });
  const tasks = (await longTasks(page)).slice(from);
  const cpuLong = traced.filter((task) => task.cpuMs > 50).length;
  report(
    `views: long tasks while ${what}`,
    `${tasks.length} over 50 ms, longest ${tasks.length ? ms(Math.max(...tasks)) : 'none'} (budget: none over 50 ms); ${cpuLong} over 50 ms of CPU time`,
  );
}

async function measureCompanies(browser: Browser, page: Page, report: Report): Promise<void> {
  await firstPaints(
    page,
    report,
    'Companies',
    '[role="listbox"][aria-label="Companies"] [role="option"]',
    'Companies list (10,000 companies)',
  );
  await measureScrolling(browser, page, report, 'Companies', 'views');
}

const monthEvents = '.rbc-month-view .rbc-event';
const weekEvents = '.rbc-time-view .rbc-event';
const viewSwitch = 'fieldset.segmented';

/** Clicks the calendar toolbar's Previous/Next `steps` (+1 next, -1 previous) every `gapMs`, in the page. */
function stepCalendar(page: Page, steps: number[], gapMs: number): Promise<void> {
  return page.evaluate(`(async () => {
    for (const step of ${JSON.stringify(steps)}) {
      document.querySelector('.calendar-toolbar button[aria-label="' + (step > 0 ? 'Next' : 'Previous') + '"]').click();
      await new Promise((r) => setTimeout(r, ${gapMs}));
    }
  })()`) as Promise<void>;
}

async function measureCalendar(browser: Browser, page: Page, report: Report): Promise<void> {
  await firstPaints(page, report, 'Calendar', monthEvents, 'Calendar month (20,000 events over 3 months)');
  const weeks: number[] = [];
  for (let i = 0; i < 5; i++) {
    await timedOpen(page, 'Month', monthEvents, 30_000, viewSwitch);
    await page.waitForTimeout(300);
    weeks.push(await timedOpen(page, 'Week', weekEvents, 30_000, viewSwitch));
  }
  report('views: Calendar week first paint, from the Month/Week switch (median of 5)', paintFigure(weeks));
  // Within the three months that hold events: forward and back, 150 ms between clicks.
  await timedOpen(page, 'Month', monthEvents, 30_000, viewSwitch);
  await longTasksDuring(browser, page, report, 'stepping months (20 Previous/Next clicks, 150 ms apart)', () =>
    stepCalendar(page, [1, -1, -1, 1, 1, -1, -1, 1, 1, -1, -1, 1, 1, -1, -1, 1, 1, -1, -1, 1], 150),
  );
  await timedOpen(page, 'Week', weekEvents, 30_000, viewSwitch);
  await longTasksDuring(browser, page, report, 'stepping weeks (20 Previous/Next clicks, 150 ms apart)', () =>
    stepCalendar(page, [1, 1, 1, -1, -1, -1, -1, -1, -1, 1, 1, 1, 1, 1, 1, -1, -1, -1, 1, -1], 150),
  );
  await page.locator(weekEvents).first().waitFor();
  const grid = await page.locator('.rbc-time-content').boundingBox();
  if (!grid) throw new Error('The calendar week grid is not shown.');
  await page.mouse.move(grid.x + grid.width / 2, grid.y + grid.height / 2);
  await longTasksDuring(browser, page, report, 'scrolling the week grid (30 wheel scrolls)', async () => {
    for (let i = 0; i < 30; i++) {
      await page.mouse.wheel(0, (((i * 7919) % 13) - 6 || 3) * 120);
      await page.waitForTimeout(50);
    }
  });
}

/** The folder holding the most documents, with its parent's name (null for a top folder's children). */
async function largestFolder(core: Parameters<typeof searchWords>[0]) {
  const folders = await core.handlers['documents.listFolders']({});
  const largest = folders.reduce((most, folder) => (folder.documentCount > most.documentCount ? folder : most));
  const parent = folders.find((folder) => folder.id === largest.parentId);
  const grandparent = parent ? folders.find((folder) => folder.id === parent.parentId) : undefined;
  return { name: largest.name, count: largest.documentCount, parent: grandparent ? parent!.name : null };
}

const folderTree = '[role="tree"][aria-label="Folders"]';
const documentRows = '[role="listbox"][aria-label="Documents"] [role="option"]';

async function measureDocuments(
  browser: Browser,
  page: Page,
  report: Report,
  largest: Awaited<ReturnType<typeof largestFolder>>,
): Promise<void> {
  await firstPaints(
    page,
    report,
    'Documents',
    `${folderTree} [role="treeitem"]`,
    'Documents (folder tree, 10,000 documents)',
  );
  const where = `the folder "${largest.name}" (${largest.count} documents, the most in one folder)`;
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    await toView(page, fromView);
    await timedOpen(page, 'Documents', `${folderTree} [role="treeitem"]`, 30_000);
    if (largest.parent) {
      await page.locator(folderTree).getByRole('treeitem', { name: largest.parent, exact: true }).click();
      await page.keyboard.press('ArrowRight');
    }
    await page.waitForTimeout(300);
    times.push(await timedOpen(page, largest.name, documentRows, i === 0 ? firstOpenMs : 30_000, folderTree));
  }
  report(`views: Documents, ${where}: first rows painted after choosing it (median of 5)`, paintFigure(times));
  await measureScrolling(browser, page, report, 'Documents', 'views');
}

/**
 * Opens every view of the main navigation once, collects garbage and reads the renderer's JS heap
 * (CDP Performance.getMetrics JSHeapUsedSize after HeapProfiler.collectGarbage).
 */
async function measureHeap(page: Page, report: Report): Promise<void> {
  const labels = (await page.evaluate(
    `[...document.querySelectorAll('nav[aria-label="Main"] .main-nav-button span')].map((label) => label.textContent)`,
  )) as string[];
  for (const label of labels) {
    await timedOpen(page, label, 'main h1, main h2', 30_000);
    await page.waitForTimeout(1_500);
  }
  const count = labels.length;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const used = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
  const total = metrics.find((metric) => metric.name === 'JSHeapTotalSize')?.value ?? Number.NaN;
  report(
    `views: renderer JS heap after opening all ${count} views of the navigation, after a collection`,
    `${(used / 2 ** 20).toFixed(1)} MiB used of ${(total / 2 ** 20).toFixed(1)} MiB (budget 150 MiB; CDP JSHeapUsedSize)`,
  );
  await cdp.detach();
}
