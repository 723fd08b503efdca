import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Builds the renderer (React app) into `out/renderer` for the browser-mode host and for packaging.
 * `base: './'` keeps every asset URL relative, so the same bundle works from the Electron `app://`
 * protocol and from the browser-mode host. No inline scripts or styles are emitted, so the strict
 * CSP in `renderer/index.html` holds.
 */
export default defineConfig({
  root: resolve(import.meta.dirname, 'renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'out/renderer'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Vite would inline small assets as data: URLs; CSP allows data: only for images, so keep fonts/files as files.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1500,
  },
});
