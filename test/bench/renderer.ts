/**
 * Renderer benchmark (docs/PERFORMANCE.md): the contacts view at 100k rows in headless Chromium, as a user
 * runs the app in browser mode: the reference service in a child process, the browser-mode host
 * (with its core) in this process, and the built renderer (`npm run build:renderer`). Measured in
 * the page by `renderer-probe.js`:
 * - first rows painted after switching to Contacts from another view (budget 150 ms), and, for
 *   information, after reloading the signed-in app;
 * - long tasks (over 50 ms) while scrolling: programmatic jumps and mouse-wheel scrolls (budget: none over 50 ms);
 * - keystroke to painted rows in "Search contacts" (budget 50 ms);
 * - an edit saved in the contact form to the edited row painted in the list (budget 50 ms).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { RunningHost } from '../../main/host/host';
import { navEntry as nav, requireBuiltRenderer, withSignedInApp } from './bench-app';
import { traceTasks } from './renderer-trace';
import { startServiceProcess } from './service-process';
import { ms, quantile } from './stats';

/** Data set: the design's 100k contacts and 10k companies; the other record types small. */
const demo = { contacts: 100_000, companies: 10_000, events: 200, documents: 200, notifications: 20 };
/** Pause after a search keystroke's rows painted, ms: a user typing at a moderate pace. */
const keystrokePauseMs = 250;

/** `globalThis.brmBenchProbe`, defined in the page by renderer-probe.js; times in ms; lists named by label (default Contacts). */
export interface BenchProbe {
  firstRowsAfterLoad(): Promise<number | null>;
  armFirstRows(): void;
  firstRowsAfterClick(): Promise<number | null>;
  armRowsChange(): void;
  rowsChangeAfterKey(): Promise<number | null>;
  armRowText(text: string): void;
  rowTextAfterClick(): Promise<number | null>;
  longTaskCount(): number;
  longTasksFrom(index: number): { startTime: number; duration: number }[];
  waitForViewLoaded(timeoutMs: number, label?: string): Promise<number | null>;
  listBox(label?: string): { x: number; y: number; width: number; height: number };
  scrollJumps(count: number, seed: number, pauseMs: number, label?: string): Promise<number>;
}

/** The in-page probe (renderer-probe.js), to install with `page.addInitScript`. */
export const probeScript = readFileSync(new URL('./renderer-probe.js', import.meta.url), 'utf8');

/** Calls `method` of the page's probe with JSON `args`; resolves to its (awaited) answer. */
export function callProbe<M extends keyof BenchProbe>(
  page: Page,
  method: M,
  ...args: Parameters<BenchProbe[M]>
): Promise<Awaited<ReturnType<BenchProbe[M]>>> {
  return page.evaluate(`globalThis.brmBenchProbe.${method}(${args.map((arg) => JSON.stringify(arg)).join(', ')})`);
}

/** Reports one figure (name, formatted value), as `run.ts` prints and tabulates them. */
export type Report = (name: string, figure: string) => void;

/** Options of `benchRenderer`. */
export interface RendererBenchOptions {
  /** An empty scratch folder (service data, host data). */
  workDir: string;
  report: Report;
}

/**
 * Runs the renderer benchmark and reports its figures. Throws when the renderer is not built,
 * Chromium is missing, or the app does not reach a state in time.
 */
export async function benchRenderer({ workDir, report }: RendererBenchOptions): Promise<void> {
  requireBuiltRenderer();
  const service = await startServiceProcess({ dataDir: join(workDir, 'renderer-service'), demo });
  report('renderer: service seeded with 100k contacts, 10k companies', ms(service.seedMs));
  // The machine may be shared: wall-clock figures stretch with the load (2 cores here).
  report('renderer: load average (1 min) at the start', loadavg()[0].toFixed(2));
  try {
    await withSignedInApp(
      { service, hostDir: join(workDir, 'renderer-host'), initScripts: [probeScript], name: 'renderer' },
      async ({ host, browser, page }) => {
        await measureFirstRows(page, report);
        await measureScrolling(browser, page, report);
        await measureSearch(page, await searchWords(host.core), report);
        await measureSave(page, report);
      },
    );
  } finally {
    await service.stop();
  }
}

/** First rows painted: 5 switches Calendar → Contacts (budget 150 ms) and 5 reloads (for information). */
async function measureFirstRows(page: Page, report: Report): Promise<void> {
  const switches: number[] = [];
  for (let i = 0; i < 5; i++) {
    await nav(page, 'Calendar').click();
    await page.getByRole('button', { name: 'Month', exact: true }).waitFor();
    await page.waitForTimeout(300);
    await callProbe(page, 'armFirstRows');
    await nav(page, 'Contacts').click();
    switches.push(required(await callProbe(page, 'firstRowsAfterClick'), 'contact rows after switching views'));
  }
  report(
    'renderer: first contact rows painted after switching to Contacts (median of 5)',
    `${ms(quantile(switches, 0.5))} (max ${ms(Math.max(...switches))}; budget 150 ms)`,
  );
  const reloads: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.reload();
    reloads.push(required(await callProbe(page, 'firstRowsAfterLoad'), 'contact rows after a reload'));
  }
  report(
    'renderer: first contact rows painted after reloading the app (median of 5, from navigation start)',
    ms(quantile(reloads, 0.5)),
  );
}

/**
 * Long tasks while scrolling: 60 jumps to seeded random offsets, then 40 mouse-wheel scrolls. Also
 * traced, to tell the main thread's own work (CPU time) from waiting for a core on a busy machine.
 * `list` is the list box's label; its figures are named with `prefix` (the Contacts list: "renderer").
 */
export async function measureScrolling(
  browser: Browser,
  page: Page,
  report: Report,
  list = 'Contacts',
  prefix = 'renderer',
): Promise<void> {
  const scrolled = list === 'Contacts' ? '' : ` ${list}`;
  await callProbe(page, 'waitForViewLoaded', 10_000, list);
  await page.waitForTimeout(500);
  const from = await callProbe(page, 'longTaskCount');
  const { value: loaded, tasks: traced } = await traceTasks(browser, page, 50, async () => {
    const jumpsLoaded = await callProbe(page, 'scrollJumps', 60, 20261122, 50, list);
    const box = await callProbe(page, 'listBox', list);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 40; i++) {
      // Deterministic mix of short and long flicks, both directions, in wheel notches of 120 px.
      const notches = ((i * 7919) % 23) - 11 || 3;
      await page.mouse.wheel(0, notches * 120);
      await callProbe(page, 'waitForViewLoaded', 5_000, list);
      await page.waitForTimeout(50);
    }
    await page.waitForTimeout(500);
    return jumpsLoaded;
  });
  const tasks = await callProbe(page, 'longTasksFrom', from);
  const longest = Math.max(0, ...tasks.map((task) => task.duration));
  const cpuLong = traced.filter((task) => task.cpuMs > 50).length;
  const mostCpu = Math.max(0, ...traced.map((task) => task.cpuMs));
  report(
    `${prefix}: long tasks while scrolling${scrolled} (60 jumps, 40 wheel scrolls)`,
    `${tasks.length} over 50 ms, longest ${tasks.length ? ms(longest) : 'none'} (budget: none over 50 ms); ${loaded}/60 jumps painted loaded rows`,
  );
  report(
    `${prefix}: traced tasks over 50 ms while scrolling${scrolled}, by CPU time`,
    `${traced.length} over 50 ms of wall time, ${cpuLong} of them over 50 ms of CPU time${traced.length ? ` (most CPU in one: ${ms(mostCpu)})` : ''}`,
  );
}

/** Prefixes to search for: names of contacts spread over the cache, lower-case letters only. */
export async function searchWords(core: RunningHost['core']): Promise<string[]> {
  const words: string[] = [];
  for (let i = 0; i < 12; i++) {
    const { rows } = await core.handlers['contacts.list']({ offset: (i * 7919) % demo.contacts, limit: 1 });
    const name = (i % 2 === 0 ? rows[0].lastName : rows[0].firstName).toLowerCase().replace(/[^a-z]/g, '');
    if (name.length >= 3) words.push(name.slice(0, 3));
  }
  return words;
}

/** Keystroke to painted rows: types each word's 1-, 2- and 3-letter prefix into "Search contacts" (budget 50 ms). */
export async function measureSearch(page: Page, words: string[], report: Report): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search contacts' });
  const times: number[] = [];
  let unchanged = 0;
  for (const word of words) {
    await search.fill('');
    await callProbe(page, 'waitForViewLoaded', 5_000);
    await page.waitForTimeout(keystrokePauseMs);
    for (const letter of word) {
      await callProbe(page, 'armRowsChange');
      await page.keyboard.type(letter);
      const time = await callProbe(page, 'rowsChangeAfterKey');
      if (time === null) unchanged++;
      else times.push(time);
      await page.waitForTimeout(keystrokePauseMs);
    }
  }
  report(
    `renderer: keystroke to painted rows in "Search contacts" (${times.length} keystrokes)`,
    `p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}, max ${ms(Math.max(...times))} (budget 50 ms)${unchanged ? `; ${unchanged} keystrokes left the rows unchanged` : ''}`,
  );
}

/**
 * Save to painted row: opens a contact's form (E), changes its job title and clicks "Save changes";
 * the time from the click to the list row showing the new title painted (budget p95 50 ms). The
 * edit is applied to the cache and queued; the list re-reads its window on `data.changed`.
 */
async function measureSave(page: Page, report: Report): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search contacts' });
  await search.fill('');
  await callProbe(page, 'waitForViewLoaded', 5_000);
  const rows = page.getByRole('listbox', { name: 'Contacts', exact: true }).getByRole('option');
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    await rows.nth(i % 8).click();
    await page.keyboard.press('e');
    const dialog = page.getByRole('dialog', { name: /^Edit / });
    await dialog.waitFor();
    const title = `Bench title ${Date.now().toString(36)}-${i}`;
    await dialog.getByLabel('Job title', { exact: true }).fill(title);
    await callProbe(page, 'armRowText', title);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    times.push(required(await callProbe(page, 'rowTextAfterClick'), `the row with "${title}"`));
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForTimeout(keystrokePauseMs);
  }
  report(
    `renderer: contact saved to its row painted (${times.length} saves)`,
    `p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}, max ${ms(Math.max(...times))} (budget p95 50 ms)`,
  );
}

/** `value`, or throws saying that `what` did not appear in time. */
function required(value: number | null, what: string): number {
  if (value === null) throw new Error(`The benchmark timed out waiting for ${what}.`);
  return value;
}
