import { defineConfig } from 'vitest/config';

/**
 * Test projects (README.md, "Tests"):
 * - unit: pure logic, Node.
 * - renderer: React components with Testing Library in jsdom.
 * - integration: core and service over real HTTP, real SQLite, the real keychain.
 * - faults: the fault-injection suite (docs/RELIABILITY.md), bounded counts; one file at a time.
 * - e2e: browser mode in Chromium (playwright-core).
 * - packaging: the electron-builder configuration and the app package it builds (docs/PACKAGING.md).
 *
 * Workers (README.md, "Tests"): Vitest's default on a 2-core machine is one. Unit files share one
 * module cache per worker (no isolation: 60 s became 12 s with two workers); the integration and
 * e2e files spend most of their time waiting on HTTP, SQLite and Chromium, so two run at once
 * (each starts its own service on a free port and its own data folders); the renderer files keep
 * one worker, since two jsdom workers on 2 cores slowed each other past the views' waits.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', isolate: false, maxWorkers: 2 },
      },
      {
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/renderer/setup.ts'],
          maxWorkers: 1,
          // jsdom renders whole views (react-big-calendar's week grid among them): slow on 2 busy cores.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'faults',
          include: ['test/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // Fails a test on any Content-Security-Policy violation of the page (docs/SECURITY.md).
          setupFiles: ['test/e2e/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'packaging',
          include: ['test/packaging/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
