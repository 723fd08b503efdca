import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import rendererConfig from './vite.renderer.config';

/**
 * Keeps `packageName` and its deep imports external, adding the `.js` extension to deep imports
 * without one: Node's ES module loader needs it for CommonJS packages without an exports map (tsx
 * and bundlers do not, so the sources may omit it). The package must be left out of
 * `externalizeDeps`, which would otherwise mark the import external before this plugin sees it.
 */
function externalWithExtensions(packageName: string): Plugin {
  return {
    name: 'brm-external-with-extensions',
    enforce: 'pre',
    resolveId(source) {
      if (source === packageName) return { id: source, external: true };
      if (!source.startsWith(`${packageName}/`)) return null;
      return { id: /\.[cm]?js$/.test(source) ? source : `${source}.js`, external: true };
    },
  };
}

/**
 * Builds the Electron app into `out/` (DESIGN §5):
 * - main: `main/electron/index.ts` → `out/main/index.js` (ESM; npm dependencies stay external and
 *   load from node_modules, native modules included);
 * - preload: `preload/index.ts` → `out/preload/index.cjs`, one CommonJS file with nothing external
 *   but `electron`, because sandboxed preloads cannot load ES modules or other files;
 * - renderer: the same build as `npm run build:renderer` (vite.renderer.config.ts) → `out/renderer`.
 */
export default defineConfig({
  main: {
    plugins: [externalWithExtensions('ajv')],
    build: {
      outDir: resolve(import.meta.dirname, 'out/main'),
      externalizeDeps: { exclude: ['ajv'] },
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'main/electron/index.ts') } },
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
