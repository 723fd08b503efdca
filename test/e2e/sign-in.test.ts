/**
 * Signing in, in browser mode: the form, a refused password, and a successful sign-in that syncs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import { itEndsHealthy, mainNav, signInAndSync, stepTimeoutMs, submitSignIn } from '../helpers/e2e-steps';

describe('sign-in', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the sign-in form with its labelled fields', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: stepTimeoutMs });
    for (const label of ['Server URL', 'E-mail', 'Password']) {
      await expect(page.getByLabel(label, { exact: true }).isVisible()).resolves.toBe(true);
    }
    await app.screenshot('sign-in');
    await app.axeScan('sign-in');
    const serverUrl = page.getByLabel('Server URL', { exact: true });
    await expect
      .poll(() => serverUrl.inputValue(), {
        message: 'Server URL prefilled with the configured server',
        timeout: stepTimeoutMs,
      })
      .toBe(app.service.url);
  });

  it('refuses a wrong password with an alert and stays signed out', async () => {
    const { page } = app;
    const { username, password } = app.service.credentials;
    await submitSignIn(app, { username, password: `${password}-wrong` });
    const alert = page.getByRole('alert').filter({ hasText: /\S/ });
    await alert.first().waitFor({ timeout: stepTimeoutMs });
    expect((await alert.first().textContent())?.trim().length).toBeGreaterThan(0);
    expect(await mainNav(page).count()).toBe(0);
    await app.screenshot('sign-in-wrong-password');
    await app.axeScan('sign-in with an error');
  });

  it('signs in with the demo credentials and reaches "Synced"', async () => {
    await signInAndSync(app);
    const state = await app.host.core.handlers['session.get']({});
    expect(state.state).toBe('signedIn');
  });

  itEndsHealthy(() => app);
});
