/**
 * The Settings view: the user's own settings as a form validated with the contract's schema (the
 * message next to its field, nothing sent), saved through the write path with the version it was
 * edited against, a waiting save said so, a refusal of the service next to its field, and what is
 * typed kept as a draft.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installMe, installSettings } from './fakes-admin';
import { renderApp, signedInBridge } from './render-app';

async function openSettings(user: ReturnType<typeof renderApp>['user']) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: /^Settings/ }));
  return screen.findByRole('form', { name: 'Preferences' });
}

describe('settings view', () => {
  it('refuses a bad field next to it, then saves through the write path and says it waits to be sent', async () => {
    const bridge = signedInBridge();
    installMe(bridge, ['sales']);
    installSettings(bridge);
    bridge.handle('drafts.get', () => null);
    bridge.handle('drafts.put', () => ({ savedAt: new Date().toISOString() }));
    bridge.handle('drafts.remove', () => ({ removed: true }));
    const { user } = renderApp(bridge);
    const form = await openSettings(user);
    expect(screen.getByText(/Dana Demo \(dana.demo@brm.example\) · Sales/)).toBeTruthy();
    expect(screen.getByText(/You may: save, archive and restore contacts/)).toBeTruthy();

    const size = within(form).getByRole('textbox', { name: /Rows per page in lists/ });
    await user.clear(size);
    await user.type(size, '5');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('Rows per page is a whole number from 10 to 500.')).toBeTruthy();
    expect(size.getAttribute('aria-invalid')).toBe('true');
    expect(bridge.callsTo('account.saveSettings')).toHaveLength(0);

    await user.clear(size);
    await user.type(size, '100');
    await user.clear(within(form).getByRole('textbox', { name: /Time zone/ }));
    await user.type(within(form).getByRole('textbox', { name: /Time zone/ }), 'Europe/Berlin');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Date format' }), 'dd.MM.yyyy');
    await user.click(within(form).getByRole('checkbox', { name: 'A campaign was sent' }));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(bridge.callsTo('account.saveSettings')).toHaveLength(1));
    expect(bridge.callsTo('account.saveSettings')[0]).toEqual({
      settings: {
        preferences: {
          locale: 'en-US',
          timeZone: 'Europe/Berlin',
          dateFormat: 'dd.MM.yyyy',
          timeFormat: '24h',
          firstDayOfWeek: 'monday',
          defaultCalendarView: 'week',
          pageSize: 100,
          mutedNotificationKinds: ['campaignSent'],
        },
      },
      version: 3,
    });
    bridge.emit('outbox.changed', { waiting: 1, sending: 0, conflict: 0, refused: 0 });
    expect(await screen.findByText(/Saved on this computer; it waits to be sent to the service/)).toBeTruthy();
    expect(screen.queryByText('Saved: the service has your settings.')).toBeNull();
  });

  it("shows the service's refusal of a save next to its field", async () => {
    const bridge = signedInBridge();
    installMe(bridge, ['sales']);
    const fake = installSettings(bridge);
    fake.settings.queued = {
      entryId: '00000000-0000-4000-8000-000000000801',
      preferences: { ...fake.settings.value!.preferences, timeZone: 'Mars/Olympus' },
      state: 'refused',
      message:
        'The BRM service answered 400: Validation failed (timeZone: is not an IANA time zone (e.g. Europe/Berlin)).',
      fieldErrors: [
        { pointer: '/body/preferences/timeZone', message: 'is not an IANA time zone (e.g. Europe/Berlin)' },
      ],
    };
    bridge.handle('drafts.get', () => null);
    const { user } = renderApp(bridge);
    const form = await openSettings(user);
    expect(within(form).getByRole('alert').textContent).toContain('The service refused your last save');
    const zone = within(form).getByRole('textbox', { name: /Time zone/ }) as HTMLInputElement;
    expect(zone.value).toBe('Mars/Olympus');
    expect(zone.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Time zone is not an IANA time zone (e.g. Europe/Berlin).')).toBeTruthy();
  });

  it('restores what was typed and not saved, and discards it on request', async () => {
    const bridge = signedInBridge();
    installMe(bridge, ['sales']);
    installSettings(bridge);
    bridge.handle('drafts.get', ({ key }) =>
      key === 'settings:me' ? { value: { locale: 'de-DE' }, savedAt: new Date().toISOString() } : null,
    );
    bridge.handle('drafts.remove', () => ({ removed: true }));
    const { user } = renderApp(bridge);
    const form = await openSettings(user);
    const locale = within(form).getByRole('textbox', { name: /Language and region/ }) as HTMLInputElement;
    await waitFor(() => expect(locale.value).toBe('de-DE'));
    await user.click(within(form).getByRole('button', { name: 'Discard them' }));
    expect(locale.value).toBe('en-US');
    expect(bridge.callsTo('drafts.remove')).toEqual([{ key: 'settings:me' }]);
  });
});
