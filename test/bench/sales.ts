/**
 * Sales views benchmark (docs/PERFORMANCE.md), in headless Chromium like the renderer part: the reference
 * service (in this process) seeded with the small demo set plus 5,000 deals in one category, 10,000
 * branches around one point and 100,000 spend rows over the last 12 months, inserted through the
 * service's repositories; the browser-mode host and the built renderer (`npm run build:renderer`).
 * - paint from the kept answer: the Deals pipeline board, the Branch Locator and the Spend dashboard,
 *   each opened once (its answer kept), then opened again from Calendar; from the click to the frame
 *   after the view's content is in the page (budget 150 ms);
 * - long tasks (over 50 ms) while panning the locator's map and while scrolling the board (budget: none).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startService } from '../../server/start';
import { requireBuiltRenderer, withSignedInApp } from './bench-app';
import { longTasks, pageScripts, timedOpen, toView } from './bench-open';
import type { Report } from './renderer';
import { centre, insertSalesData, salesSizes } from './sales-data';
import { ms, quantile } from './stats';

/** Small demo set, but 1,000 companies: the spend rows need 100 per company. */
const demo = { contacts: 1_000, companies: 1_000, events: 50, documents: 20, notifications: 5 };
/**
 * Runs the sales views benchmark and reports its figures. Throws when the renderer is not built,
 * Chromium is missing, or a view does not show its content in time.
 */
export async function benchSales({ workDir, report }: { workDir: string; report: Report }): Promise<void> {
  requireBuiltRenderer();
  const service = await startService({
    dataDir: join(workDir, 'sales-service'),
    demo,
    rateLimits: { perUser: 1_000_000_000, perAddress: 1_000_000_000 },
  });
  try {
    report(
      `sales: ${salesSizes.deals} deals, ${salesSizes.branches} branches, ${salesSizes.spend} spend rows inserted`,
      ms(insertSalesData(service)),
    );
    report('sales: load average (1 min) at the start', loadavg()[0].toFixed(2));
    await withSignedInApp(
      { service, hostDir: join(workDir, 'sales-host'), initScripts: [pageScripts], name: 'sales' },
      async ({ page }) => {
        await measureSalesViews(page, report, 'Calendar');
        await measureSalesInteraction(page, report, 'Calendar');
      },
    );
  } finally {
    await service.stop();
  }
}

const views = [
  { label: 'Deals', what: 'Deals pipeline board (5,000 deals)', selector: '.deal-board .deal-card' },
  { label: 'Branch Locator', what: 'Branch Locator (10,000 branches)', selector: '.locator-list .locator-item-main' },
  { label: 'Spend', what: 'Spend dashboard (100,000 spend rows)', selector: '.spend-dashboard .spend-totals' },
] as const;

/**
 * The Deals board, the Branch Locator (searched around `centre`) and the Spend dashboard, each opened
 * once (answer kept), then 5 times more from the view `from`; reports the median and max of those.
 */
export async function measureSalesViews(page: Page, report: Report, from: string): Promise<void> {
  for (const view of views) {
    if (view.label === 'Branch Locator') {
      await timedOpen(page, view.label, '.locator-view', 30_000);
      await page.getByLabel('Latitude', { exact: true }).fill(String(centre.latitude));
      await page.getByLabel('Longitude', { exact: true }).fill(String(centre.longitude));
      await page.getByLabel('Radius (km)', { exact: true }).fill('250');
      await page.getByRole('button', { name: 'Search here', exact: true }).click();
      await page.locator(view.selector).first().waitFor({ timeout: 120_000 });
    } else {
      await timedOpen(page, view.label, view.selector, 120_000);
    }
    const first = await page.locator(view.selector).count();
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      await toView(page, from);
      times.push(await timedOpen(page, view.label, view.selector, 30_000));
    }
    report(
      `sales: ${view.what} painted from the kept answer (median of 5)`,
      `${ms(quantile(times, 0.5))} (max ${ms(Math.max(...times))}; budget 150 ms; ${first} items shown)`,
    );
  }
}

/**
 * Long tasks while dragging the locator's map 30 times and scrolling the board (40 wheel scrolls, 40
 * jumps); each view opened from the view `from`.
 */
export async function measureSalesInteraction(page: Page, report: Report, fromView: string): Promise<void> {
  await toView(page, fromView);
  await timedOpen(page, 'Branch Locator', '.locator-map .leaflet-pane', 30_000);
  await page.waitForTimeout(1_000);
  let from = (await longTasks(page)).length;
  const mapPane = () => page.evaluate(`document.querySelector('.leaflet-map-pane').style.transform`) as Promise<string>;
  const before = await mapPane();
  const map = await page.locator('.locator-map').boundingBox();
  if (!map) throw new Error('The locator map is not shown.');
  const cx = map.x + map.width / 2;
  const cy = map.y + map.height / 2;
  for (let i = 0; i < 30; i++) {
    const dx = ((i * 7919) % 161) - 80;
    const dy = ((i * 104729) % 121) - 60;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + dx, cy + dy, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(500);
  let tasks = (await longTasks(page)).slice(from);
  const moved = (await mapPane()) !== before;
  report(
    'sales: long tasks while panning the locator map (30 drags)',
    `${tasks.length} over 50 ms, longest ${tasks.length ? ms(Math.max(...tasks)) : 'none'} (budget: none over 50 ms); map ${moved ? 'moved' : 'DID NOT MOVE'}`,
  );
  await toView(page, fromView);
  await timedOpen(page, 'Deals', '.deal-board .deal-card', 30_000);
  await page.waitForTimeout(1_000);
  from = (await longTasks(page)).length;
  const scrollsBefore = (await page.evaluate('globalThis.brmScrolls')) as number;
  const body = await page.locator('.deals-body').boundingBox();
  if (!body) throw new Error('The deal board is not shown.');
  await page.mouse.move(body.x + Math.min(body.width, 1000) / 4, body.y + Math.min(body.height, 600) / 2);
  for (let i = 0; i < 40; i++) {
    const notches = ((i * 7919) % 23) - 11 || 3;
    await page.mouse.wheel(i % 5 === 4 ? notches * 60 : 0, notches * 120);
    await page.waitForTimeout(50);
  }
  // Then 40 jumps of the card list's scrolling box (the nearest ancestor of a card that scrolls) to
  // seeded offsets, as the renderer part's scroll jumps.
  await page.evaluate(`(async () => {
    let box = document.querySelector('.deal-card');
    while (box && !(box.scrollHeight > box.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(box).overflowY))) box = box.parentElement;
    box = box || document.scrollingElement;
    globalThis.brmScrollBox = box.className + ' ' + box.scrollHeight + '/' + box.clientHeight;
    for (let i = 0; i < 40; i++) {
      box.scrollTop = ((i * 7919) % 97) / 97 * (box.scrollHeight - box.clientHeight);
      await new Promise((r) => setTimeout(r, 50));
    }
  })()`);
  await page.waitForTimeout(500);
  tasks = (await longTasks(page)).slice(from);
  const scrolls = ((await page.evaluate('globalThis.brmScrolls')) as number) - scrollsBefore;
  const scrollBox = (await page.evaluate('globalThis.brmScrollBox')) as string;
  report(
    'sales: long tasks while scrolling the deal board (40 wheel scrolls, 40 jumps)',
    `${tasks.length} over 50 ms, longest ${tasks.length ? ms(Math.max(...tasks)) : 'none'} (budget: none over 50 ms); ${scrolls} scroll events (scrolling box: ${scrollBox}, scroll/client height px)`,
  );
}
