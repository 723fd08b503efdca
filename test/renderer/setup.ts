/**
 * Setup for the renderer tests (jsdom). No jest-dom matchers are installed in this project, so the
 * tests assert with plain vitest matchers on what Testing Library finds; this file only unmounts
 * what each test rendered.
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
