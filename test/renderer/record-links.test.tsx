import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBridge } from './fake-bridge';
import { renderApp, signedInBridge } from './render-app';

describe('brm:// record links', () => {
  it('open the record a link names while the app is open', async () => {
    const bridge = signedInBridge();
    renderApp(bridge);
    await screen.findByText('300 contacts');
    const contact = bridge.data.contacts[42];
    bridge.data.recordLink = { type: 'contact', id: contact.id };
    bridge.emit('app.recordLink', {});
    const details = await screen.findByRole('region', { name: 'Contact details' });
    await within(details).findByRole('heading', { name: `${contact.firstName} ${contact.lastName}` });
    expect(bridge.data.recordLink).toBeNull();
  });

  it('keep a link that came before sign-in and open its record after it', async () => {
    const bridge = createFakeBridge();
    const { user } = renderApp(bridge);
    await user.click(await screen.findByRole('button', { name: 'Use demo account' }));
    const signedIn = signedInBridge();
    bridge.data.contacts = signedIn.data.contacts;
    const contact = bridge.data.contacts[7];
    bridge.data.recordLink = { type: 'contact', id: contact.id };
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const details = await screen.findByRole('region', { name: 'Contact details' });
    await within(details).findByRole('heading', { name: `${contact.firstName} ${contact.lastName}` });
    expect(bridge.callsTo('app.takeRecordLink').length).toBeGreaterThanOrEqual(1);
  });
});

describe('Copy link to this record', () => {
  async function copyFromPalette(user: ReturnType<typeof renderApp>['user']) {
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await user.type(await screen.findByRole('combobox', { name: 'Search everything or type a command' }), 'copy link');
    await user.keyboard('{Enter}');
  }

  it("copies the open record's brm:// link", async () => {
    const bridge = signedInBridge();
    bridge.handle('search.global', () => []);
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');
    const contact = bridge.data.contacts[3];
    await user.click(
      within(screen.getByRole('listbox', { name: 'Contacts' })).getByText(`${contact.firstName} ${contact.lastName}`),
    );
    await copyFromPalette(user);
    expect(await screen.findByText(`brm://contact/${contact.id}`)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`brm://contact/${contact.id}`);
  });

  it('says what to open first when no record is open', async () => {
    const bridge = signedInBridge();
    bridge.handle('search.global', () => []);
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');
    await copyFromPalette(user);
    expect(await screen.findByText('No record is open')).toBeTruthy();
  });
});
