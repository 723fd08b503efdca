/**
 * The Users view: shown in the navigation to administrators only and, reached otherwise, saying in
 * words who it is for; a user's page with roles and grants; Boot user and Remove permission ask
 * first and show the service's answer or refusal in words; offline they say they need the service.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BridgeError, type ServiceContactRow } from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { installMe, installPeople } from './fakes-admin';
import { installContactFakes } from './fakes-contacts';
import { renderApp, signedInBridge } from './render-app';

/** The first three cached contacts as the company's people; the first two have sign-ins. */
function peopleOf(bridge: FakeBridge) {
  const names = ['Okafor', 'Lindqvist', 'Moreau'];
  bridge.data.contacts.slice(0, 3).forEach((contact, i) => {
    contact.lastName = names[i];
  });
  const people: ServiceContactRow[] = bridge.data.contacts
    .slice(0, 3)
    .map(({ company: _c, ...row }) => ({ ...row, cached: true }));
  const [first, second, third] = people;
  const fake = installPeople(bridge, people, { [first.id]: ['sales'], [second.id]: ['sales', 'manager'] });
  return { people, first, second, third, ...fake };
}

async function openUsers(user: ReturnType<typeof renderApp>['user']) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(await within(nav).findByRole('button', { name: /^Users/ }));
  return screen.findByRole('list', { name: 'People' });
}

describe('users view', () => {
  it('is neither in the navigation nor in the palette for a non-administrator', async () => {
    const bridge = signedInBridge();
    installMe(bridge, ['sales', 'manager']);
    const { user } = renderApp(bridge);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('button', { name: /^Audit trail/ });
    expect(within(nav).queryByRole('button', { name: /^Users/ })).toBeNull();

    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    bridge.handle('search.global', () => []);
    await user.type(await screen.findByRole('combobox', { name: 'Search everything or type a command' }), 'go to');
    const results = await screen.findByRole('listbox', { name: 'Results' });
    await within(results).findByRole('option', { name: 'Go to Audit trail' });
    expect(within(results).queryByRole('option', { name: 'Go to Users' })).toBeNull();
    expect(bridge.callsTo('admin.users')).toHaveLength(0);
  });

  it('leaves the navigation, and says in words whom it is for, once the user is no longer an administrator', async () => {
    const bridge = signedInBridge();
    const me = installMe(bridge, ['admin']);
    peopleOf(bridge);
    const { user } = renderApp(bridge);
    await openUsers(user);

    // An administrator took the role away; the next sync run reads the user again.
    me.roles = ['sales'];
    bridge.emit('sync.status', { ...bridge.data.sync, lastSyncedAt: new Date(Date.now() + 1_000).toISOString() });
    expect(await screen.findByText('User administration is for administrators')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('button', { name: /^Users/ })).toBeNull();
  });

  it("shows an administrator a user's roles and grants, boots them after asking and shows the service's answer", async () => {
    const bridge = signedInBridge();
    installMe(bridge, ['admin']);
    const { first, third } = peopleOf(bridge);
    bridge.handle('admin.bootUser', ({ id }) => ({
      userId: id,
      revokedAccessTokens: 2,
      revokedRefreshTokens: 1,
      revokedAt: '2026-11-24T09:30:00.000Z',
    }));
    const { user } = renderApp(bridge);
    const list = await openUsers(user);
    expect(screen.getByText('3 people at Blue Ridge Supply')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: new RegExp(`^${first.firstName} Okafor`) }));
    const page = await screen.findByRole('article', { name: `${first.firstName} Okafor` });
    expect(within(page).getByText(/Roles: Sales\./)).toBeTruthy();
    expect(within(page).getByRole('list', { name: 'Permissions granted' }).textContent).toContain('Save companies');

    await user.click(within(page).getByRole('button', { name: 'Boot user' }));
    const ask = await screen.findByRole('dialog', { name: `Boot ${first.firstName} Okafor?` });
    await user.click(within(ask).getByRole('button', { name: 'Boot user' }));
    const status = await within(page).findByRole('status');
    expect(status.textContent).toContain(
      `${first.firstName} Okafor is signed out everywhere: 2 open sessions and 1 kept sign-in ended`,
    );
    expect(bridge.callsTo('admin.bootUser')).toEqual([{ id: first.id }]);

    // The service's refusal, in its words.
    bridge.handle('admin.bootUser', () => {
      throw new BridgeError('conflict', 'The BRM service answered 409: You cannot boot yourself; sign out instead.');
    });
    await user.click(within(page).getByRole('button', { name: 'Boot user' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /^Boot / })).getByRole('button', { name: 'Boot user' }),
    );
    expect((await within(page).findByRole('alert')).textContent).toBe(
      'The service did not do it: The BRM service answered 409: You cannot boot yourself; sign out instead.',
    );

    // ↓ moves to the next person and opens them; a contact without sign-in says so.
    fireEvent.keyDown(within(list).getByRole('button', { name: new RegExp(`^${first.firstName} Okafor`) }), {
      key: 'End',
    });
    const plain = await screen.findByRole('article', { name: `${third.firstName} Moreau` });
    expect(await within(plain).findByText(/has no sign-in: they are a contact, not a user/)).toBeTruthy();
    expect(within(plain).queryByRole('button', { name: 'Boot user' })).toBeNull();
  });

  it('removes a permission after asking and shows the grants left; the actions need the service offline', async () => {
    const bridge = signedInBridge();
    installMe(bridge, ['admin']);
    const { second } = peopleOf(bridge);
    const { user } = renderApp(bridge);
    const list = await openUsers(user);
    await user.click(within(list).getByRole('button', { name: new RegExp(`^${second.firstName} Lindqvist`) }));
    const page = await screen.findByRole('article', { name: `${second.firstName} Lindqvist` });
    await user.click(await within(page).findByRole('button', { name: 'Remove permission: Save companies' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove this permission?' });
    await user.click(within(ask).getByRole('button', { name: 'Remove permission' }));
    expect((await within(page).findByRole('status')).textContent).toContain('no longer may: save companies');
    await waitFor(() =>
      expect(within(page).getByRole('list', { name: 'Permissions granted' }).textContent).not.toContain(
        'Save companies',
      ),
    );
    expect(bridge.callsTo('admin.removePermission')).toEqual([{ userId: second.id, permission: 'companies.write' }]);

    bridge.emit('sync.status', { ...bridge.data.sync, state: 'offline', message: 'Offline' });
    await waitFor(() =>
      expect((within(page).getByRole('button', { name: 'Boot user' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(
      within(page).getByText(/need the service, which cannot be reached now; nothing is kept to be sent later/),
    ).toBeTruthy();
    expect((within(page).getByRole('button', { name: 'Reset password…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sets a temporary password validated with the contract before it is sent', async () => {
    const bridge = signedInBridge();
    installMe(bridge, ['admin']);
    const { first } = peopleOf(bridge);
    bridge.handle('admin.resetPassword', ({ reset }) => ({
      userId: reset.userId!,
      revokedAccessTokens: 1,
      revokedRefreshTokens: 1,
      revokedAt: '2026-11-24T09:30:00.000Z',
    }));
    const { user } = renderApp(bridge);
    const list = await openUsers(user);
    await user.click(within(list).getByRole('button', { name: new RegExp(`^${first.firstName} Okafor`) }));
    const page = await screen.findByRole('article', { name: `${first.firstName} Okafor` });
    await user.click(within(page).getByRole('button', { name: 'Reset password…' }));
    const dialog = await screen.findByRole('dialog', { name: `Reset ${first.firstName} Okafor's password?` });
    const field = within(dialog).getByRole('textbox', { name: /Temporary password/ });
    await user.type(field, 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Set password and sign them out' }));
    expect(within(dialog).getByText('A password has 10 to 1024 characters.')).toBeTruthy();
    expect(bridge.callsTo('admin.resetPassword')).toHaveLength(0);

    await user.type(field, '-but-longer');
    await user.click(within(dialog).getByRole('button', { name: 'Set password and sign them out' }));
    expect((await within(page).findByRole('status')).textContent).toContain(
      `${first.firstName} Okafor's password is now the temporary one you chose: 1 open session and 1 kept sign-in ended`,
    );
    expect(bridge.callsTo('admin.resetPassword')).toEqual([
      { reset: { userId: first.id, currentPassword: null, newPassword: 'short-but-longer' } },
    ]);
  });

  it("edits a user's details with the contact form, saved through the write path and shown pending", async () => {
    const bridge = signedInBridge();
    installMe(bridge, ['admin']);
    installContactFakes(bridge);
    const { first } = peopleOf(bridge);
    // A country the contract accepts (the fixtures' may not be one).
    bridge.data.contacts[0].country = 'US';
    const { user } = renderApp(bridge);
    const list = await openUsers(user);
    await user.click(within(list).getByRole('button', { name: new RegExp(`^${first.firstName} Okafor`) }));
    const page = await screen.findByRole('article', { name: `${first.firstName} Okafor` });
    await user.click(within(page).getByRole('button', { name: 'Edit details…' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${first.firstName} Okafor` });
    const title = within(dialog).getByRole('textbox', { name: 'Job title' });
    await user.clear(title);
    await user.type(title, 'Regional sales lead');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bridge.callsTo('contacts.save')).toHaveLength(1));
    expect(bridge.callsTo('contacts.save')[0].contact).toMatchObject({ id: first.id, jobTitle: 'Regional sales lead' });
    expect((await within(page).findByRole('status')).textContent).toContain(
      'are sent to the service as soon as it can be reached',
    );
    await within(page).findByText('Regional sales lead');
    expect(within(page).getByText('Pending')).toBeTruthy();
  });
});
