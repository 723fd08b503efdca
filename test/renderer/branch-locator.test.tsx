/**
 * The Branch Locator view: a typed place is checked before anything is searched, the branches come
 * nearest first with their distance, and an answer computed offline from the kept branches says so.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LocatedBranch } from '../../preload/contract';
import { installBranches } from './fakes-branches';
import { makeBranch } from './fakes-companies';
import { renderApp, signedInBridge } from './render-app';

function located(n: number, name: string, distanceKm: number, companyName: string | null): LocatedBranch {
  return {
    distanceKm,
    row: { branch: makeBranch('c0000000-0000-4000-8000-000000000001', n, name, 'office'), queued: null },
    companyName,
  };
}

async function openLocator(user: ReturnType<typeof renderApp>['user']) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: /^Branch Locator/ }));
  return screen.findByRole('form', { name: 'Search from' });
}

describe('branch locator', () => {
  it('checks the typed place, then lists the branches nearest first', async () => {
    const bridge = signedInBridge();
    const branches = installBranches(bridge);
    branches.locate = {
      items: [located(1, 'Hamburg office', 0.079, 'Kestrel GmbH'), located(2, 'Berlin store', 254.3, null)],
      source: 'service',
      keptAt: new Date().toISOString(),
      keptCount: 2,
      complete: true,
    };
    const { user } = renderApp(bridge);
    const form = await openLocator(user);
    expect(screen.getByText('Where from?')).toBeTruthy();

    await user.type(within(form).getByRole('textbox', { name: /^Latitude/ }), '95');
    await user.type(within(form).getByRole('textbox', { name: /^Longitude/ }), '9.99');
    await user.click(within(form).getByRole('button', { name: 'Search here' }));
    expect(
      await within(form).findByText('A latitude is a number of degrees from -90 (south) to 90 (north).'),
    ).toBeTruthy();
    expect(bridge.callsTo('branches.locate')).toHaveLength(0);

    await user.clear(within(form).getByRole('textbox', { name: /^Latitude/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Latitude/ }), '53,55');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind' }), 'office');
    await user.click(within(form).getByRole('button', { name: 'Search here' }));
    const list = await screen.findByRole('list', { name: 'Branches found, nearest first' });
    expect(bridge.callsTo('branches.locate')).toEqual([
      { latitude: 53.55, longitude: 9.99, radiusKm: 250, kind: 'office' },
    ]);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^1Hamburg office.*Kestrel GmbH.*79 m$/),
      expect.stringMatching(/^2Berlin store.*254 km$/),
    ]);
    expect(screen.getByText('2 branches within 250 km of the coordinates typed')).toBeTruthy();

    // Chosen: its company opens from it, and it can be the next search's place.
    await user.click(within(items[0]).getByRole('button', { name: /Hamburg office/ }));
    expect(within(items[0]).getByRole('button', { name: 'Open Kestrel GmbH' })).toBeTruthy();
    await user.click(within(items[0]).getByRole('button', { name: 'Search from this branch' }));
    await waitFor(() => expect(bridge.callsTo('branches.locate')).toHaveLength(2));
    expect(bridge.callsTo('branches.locate')[1]).toMatchObject({ latitude: 53.54, longitude: 9.99 });
  });

  it('says when the answer comes from the branches kept on this computer (offline)', async () => {
    const bridge = signedInBridge();
    bridge.data.sync = { ...bridge.data.sync, state: 'offline' };
    const branches = installBranches(bridge);
    branches.locate = {
      items: [],
      source: 'kept',
      keptAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
      keptCount: 31,
      complete: true,
    };
    const { user } = renderApp(bridge);
    const form = await openLocator(user);
    // The view shows the last search of this run; the new place replaces it.
    await user.clear(within(form).getByRole('textbox', { name: /^Latitude/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Latitude/ }), '48.1');
    await user.clear(within(form).getByRole('textbox', { name: /^Longitude/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Longitude/ }), '11.6');
    await user.clear(within(form).getByRole('textbox', { name: /^Radius/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Radius/ }), '20');
    await user.click(within(form).getByRole('button', { name: 'Search here' }));
    expect(
      await screen.findByText(/^Offline: searched the 31 branches this computer has read \(last read 2 hours ago\)/),
    ).toBeTruthy();
    expect(screen.getByText('No branch is within 20 km. Widen the radius or choose another place.')).toBeTruthy();
  });
});
