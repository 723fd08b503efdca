/**
 * In-page pieces of the browser benchmarks (docs/PERFORMANCE.md): a long-task recorder and a timed
 * opener, installed with `page.addInitScript` (`pageScripts`) and called through `page.evaluate`.
 * "Painted" is the frame after the awaited content is in the page (a task posted from that frame's
 * requestAnimationFrame callback), as in renderer-probe.js.
 */
import type { Page } from 'playwright-core';

/** Long tasks (W3C Long Tasks API, over 50 ms) and scroll events, recorded from the page's start. */
const longTaskScript = `globalThis.brmLongTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) globalThis.brmLongTasks.push(e.duration); })
  .observe({ type: 'longtask', buffered: true });
globalThis.brmScrolls = 0;
document.addEventListener('scroll', () => { globalThis.brmScrolls++; }, true);`;

/**
 * In-page opener: clicks the button or link whose text (or accessible label) is `label` inside
 * `scope`; resolves to ms from the click until the frame after `selector` matches.
 */
const openScript = `globalThis.brmTimedOpen = (label, selector, timeoutMs, scope) => new Promise((resolve, reject) => {
  const within = document.querySelector(scope);
  const named = (b) => b.textContent.trim() === label || b.getAttribute('aria-label') === label;
  const button = [...(within ? within.querySelectorAll('button, a, [role="treeitem"]') : [])].find(named);
  if (!button) return reject(new Error('No "' + label + '" in ' + scope + '.'));
  let finished = false;
  const t0 = performance.now();
  const done = () => {
    if (finished) return;
    finished = true;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
  };
  const observer = new MutationObserver(() => { if (document.querySelector(selector)) done(); });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  setTimeout(() => { if (!finished) { observer.disconnect(); reject(new Error(selector + ' not shown within ' + timeoutMs + ' ms of clicking ' + label)); } }, timeoutMs);
  button.click();
  if (document.querySelector(selector)) done();
});`;

/** The scripts to install with `page.addInitScript` before using `timedOpen` and `longTasks`. */
export const pageScripts = `${longTaskScript}\n${openScript}`;

/** The main navigation, the default scope of `timedOpen`. */
export const mainNav = 'nav[aria-label="Main"]';

/**
 * Clicks `label` in `scope` (default: the main navigation); resolves to ms from the click until
 * the frame after `selector` matches. Rejects after `timeoutMs`.
 */
export function timedOpen(page: Page, label: string, selector: string, timeoutMs: number, scope = mainNav) {
  return page.evaluate(
    `globalThis.brmTimedOpen(${[label, selector, timeoutMs, scope].map((arg) => JSON.stringify(arg)).join(', ')})`,
  ) as Promise<number>;
}

/** Durations of the long tasks recorded so far, ms. */
export const longTasks = (page: Page) => page.evaluate('globalThis.brmLongTasks.slice()') as Promise<number[]>;

/** Opens the view `label` from the main navigation (one not being measured) and lets it settle 300 ms. */
export async function toView(page: Page, label: string): Promise<void> {
  await timedOpen(page, label, 'main h1, main h2', 30_000);
  await page.waitForTimeout(300);
}
