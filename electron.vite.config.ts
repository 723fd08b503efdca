import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import rendererConfig from './vite.renderer.config';

/**
 * Builds the Electron app into `out/` (docs/SECURITY.md):
 * - main: `main/electron/index.ts` → `out/main/index.js` (ESM; npm dependencies stay external and
 *   load from node_modules, native modules included);
 * - preload: `preload/index.ts` → `out/preload/index.cjs`, one CommonJS file with nothing external
 *   but `electron`, because sandboxed preloads cannot load ES modules or other files;
 * - renderer: the same build as `npm run build:renderer` (vite.renderer.config.ts) → `out/renderer`.
 */
export default defineConfig({
  main: {
    build: {
      outDir: resolve(import.meta.dirname, 'out/main'),
      rolldownOptions: {
        input: {
          index: resolve(import.meta.dirname, 'main/electron/index.ts'),
          // The cache's page writer runs in a worker thread and is loaded from next to index.js.
          'page-writer-worker': resolve(import.meta.dirname, 'main/core/sync/page-writer-worker.ts'),
          // The full integrity check of the data folder's files runs in a worker thread too.
          'integrity-worker': resolve(import.meta.dirname, 'main/core/cache/integrity-worker.ts'),
          // Uploads and downloads move their bytes on a thread of their own.
          'transfer-worker': resolve(import.meta.dirname, 'main/core/transfers/transfer-worker.ts'),
        },
        output: { entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(import.meta.dirname, 'out/preload'),
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    ...rendererConfig,
    root: resolve(import.meta.dirname, 'renderer'),
    build: {
      ...rendererConfig.build,
      rolldownOptions: { input: resolve(import.meta.dirname, 'renderer/index.html') },
    },
  },
});
