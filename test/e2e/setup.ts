/**
 * Runs in every e2e test file: after each test, fails it on any Content-Security-Policy violation a
 * running app's page reported meanwhile (test/helpers/e2e-harness.ts; docs/SECURITY.md, "Content
 * Security Policy").
 */
import { afterEach } from 'vitest';
import { expectNoNewCspViolations } from '../helpers/e2e-harness';

afterEach(() => {
  expectNoNewCspViolations();
});
