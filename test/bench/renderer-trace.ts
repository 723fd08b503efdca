/**
 * The page's main-thread tasks from a Chromium trace (category `toplevel`, cheap enough to leave on
 * while measuring). Each task has its wall time and its CPU time: on a shared machine a task can
 * last long on the wall clock while the renderer waits for a core, and the CPU time tells which.
 */
import type { Browser, Page } from 'playwright-core';

/** One main-thread task, ms. */
export interface TracedTask {
  wallMs: number;
  cpuMs: number;
}

interface TraceEvent {
  ph?: string;
  name?: string;
  pid?: number;
  tid?: number;
  /** Wall duration, µs. */
  dur?: number;
  /** Thread (CPU) duration, µs. */
  tdur?: number;
  args?: { name?: string };
}

/**
 * Runs `fn` while tracing `page`; resolves to `fn`'s result and the tasks of the renderer's main
 * thread that lasted over `minWallMs` on the wall clock.
 */
export async function traceTasks<T>(
  browser: Browser,
  page: Page,
  minWallMs: number,
  fn: () => Promise<T>,
): Promise<{ value: T; tasks: TracedTask[] }> {
  await browser.startTracing(page, { categories: ['toplevel'] });
  let value: T;
  try {
    value = await fn();
  } catch (error) {
    await browser.stopTracing();
    throw error;
  }
  const trace = await browser.stopTracing();
  return { value, tasks: mainThreadTasks(trace, minWallMs) };
}

/** The `CrRendererMain` threads' tasks over `minWallMs` in a Chromium JSON trace. */
function mainThreadTasks(trace: Buffer, minWallMs: number): TracedTask[] {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  return events
    .filter(
      (event) =>
        event.ph === 'X' &&
        event.name === 'ThreadControllerImpl::RunTask' &&
        mainThreads.has(`${event.pid}:${event.tid}`) &&
        (event.dur ?? 0) / 1000 > minWallMs,
    )
    .map((event) => ({ wallMs: (event.dur ?? 0) / 1000, cpuMs: (event.tdur ?? 0) / 1000 }));
}
