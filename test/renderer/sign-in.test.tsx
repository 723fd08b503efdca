import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBridge } from './fake-bridge';
import { renderApp } from './render-app';

describe('sign-in screen', () => {
  it('prefills the demo server, fills the demo account on request, and opens the app after signing in', async () => {
    const { user, bridge } = renderApp(createFakeBridge());

    const serverUrl = (await screen.findByLabelText('Server URL')) as HTMLInputElement;
    expect(serverUrl.value).toBe('http://127.0.0.1:4010');

    await user.click(screen.getByRole('button', { name: 'Use demo account' }));
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('dana.demo@brm.example');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: 'Contacts' })).toBeTruthy();
    expect(screen.getByText('Dana Demo')).toBeTruthy();
    expect(bridge.callsTo('session.signIn')).toEqual([
      { serverUrl: 'http://127.0.0.1:4010', username: 'dana.demo@brm.example', password: 'demo-password' },
    ]);
  });

  it('says what to do when the password is wrong, and stays on the form', async () => {
    const { user } = renderApp(createFakeBridge());

    await user.type(await screen.findByLabelText('E-mail'), 'dana.demo@brm.example');
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The e-mail address or password is not right. Check both and try again.');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('checks the form before calling the core', async () => {
    const { user, bridge } = renderApp(createFakeBridge());

    const serverUrl = await screen.findByLabelText('Server URL');
    await user.clear(serverUrl);
    await user.type(serverUrl, 'brm.example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toContain('is not a web address');
    expect(bridge.callsTo('session.signIn')).toHaveLength(0);
  });
});
