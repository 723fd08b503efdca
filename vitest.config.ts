import { defineConfig } from 'vitest/config';

/**
 * Test projects (README.md, "Tests"):
 * - unit: pure logic, Node.
 * - renderer: React components with Testing Library in jsdom.
 * - integration: core and service over real HTTP, real SQLite, the real keychain.
 * - faults: the fault-injection suite (docs/RELIABILITY.md), bounded counts; one file at a time.
 * - e2e: browser mode in Chromium (playwright-core).
 * - packaging: the electron-builder configuration and the app package it builds (docs/PACKAGING.md).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/renderer/setup.ts'],
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
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
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
