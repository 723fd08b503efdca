/**
 * Starts a worker thread of the core: `<name>.ts` next to the calling module when the core runs
 * from its sources (through tsx's loader, in development and tests), or `<name>.js` next to the
 * bundle that contains the caller (electron.vite.config.ts builds each worker as its own entry).
 */
import { Worker } from 'node:worker_threads';

/** Starts the worker `name` (a file name without extension, next to the module at `callerUrl`, its `import.meta.url`). */
export function startWorker(callerUrl: string, name: string, workerData: unknown): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl), { workerData });
  const loader = import.meta.resolve('tsx/esm/api');
  const entry = new URL(`./${name}.ts`, callerUrl).href;
  const code = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, workerData });
}
