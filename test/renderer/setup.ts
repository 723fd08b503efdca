/**
 * Setup for the renderer tests (jsdom). No jest-dom matchers are installed in this project, so the
 * tests assert with plain vitest matchers on what Testing Library finds. This file unmounts what
 * each test rendered, and gives Testing Library's `findBy…`/`waitFor` 5 s instead of 1 s: jsdom
 * lays out whole views (react-big-calendar's week grid takes 0.8 s alone), and on 2 cores busy
 * with the other test projects a first render can pass 1 s. A test that needs a shorter wait
 * passes its own `timeout`.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
