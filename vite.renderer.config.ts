import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Development server only (`electron-vite dev`): Vite's hot reload injects inline scripts and styles,
 * which the production CSP forbids, so the dev server relaxes `script-src`/`style-src` for itself.
 * Builds keep the strict policy of `renderer/index.html` untouched.
 */
function devServerCsp(): Plugin {
  return {
    name: 'brm-dev-server-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  };
}

/**
 * Builds the renderer (React app) into `out/renderer` for the browser-mode host and for packaging.
 * `base: './'` keeps every asset URL relative, so the same bundle works from the Electron `app://`
 * protocol and from the browser-mode host. No inline scripts or styles are emitted, so the strict
 * CSP in `renderer/index.html` holds.
 */
export default defineConfig({
  root: resolve(import.meta.dirname, 'renderer'),
  base: './',
  plugins: [react(), devServerCsp()],
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
