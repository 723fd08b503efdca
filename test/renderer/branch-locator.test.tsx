/**
 * The Branch Locator view: a typed place is checked before anything is searched, the branches come
 * nearest first with their distance, a chosen branch shows its details read through `branches.get`
 * (with its company, which opens), and an answer computed offline from the kept branches says so.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CompanyRow, LocatedBranch } from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { installBranches } from './fakes-branches';
import { makeBranch } from './fakes-companies';
import { renderApp, signedInBridge } from './render-app';

const companyId = 'c0000000-0000-4000-8000-000000000001';

function located(n: number, name: string, distanceKm: number, companyName: string | null): LocatedBranch {
  return { distanceKm, row: { branch: makeBranch(companyId, n, name, 'office'), queued: null }, companyName };
}

/** The cache holds the branches' company, Kestrel GmbH. */
function withCompany(bridge: FakeBridge) {
  const company: CompanyRow = {
    id: companyId,
    name: 'Kestrel GmbH',
    industry: null,
    website: null,
    phone: null,
    street: null,
    city: null,
    postalCode: null,
    country: null,
    updatedAt: '2026-11-20T09:30:00Z',
    contactCount: 0,
    syncState: 'synced',
  };
  bridge.handle('companies.get', ({ id }) => (id === companyId ? company : null));
}

async function openLocator(user: ReturnType<typeof renderApp>['user']) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: /^Branch Locator/ }));
  return screen.findByRole('form', { name: 'Search from' });
}

/** Types Hamburg's coordinates and searches. */
async function searchHamburg(form: HTMLElement, user: ReturnType<typeof renderApp>['user']) {
  for (const [name, value] of [
    [/^Latitude/, '53.55'],
    [/^Longitude/, '9.99'],
  ] as const) {
    await user.clear(within(form).getByRole('textbox', { name }));
    await user.type(within(form).getByRole('textbox', { name }), value);
  }
  await user.click(within(form).getByRole('button', { name: 'Search here' }));
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

    // Chosen: it can be the next search's place.
    await user.click(within(items[0]).getByRole('button', { name: /Hamburg office/ }));
    await user.click(within(items[0]).getByRole('button', { name: 'Search from this branch' }));
    await waitFor(() => expect(bridge.callsTo('branches.locate')).toHaveLength(2));
    expect(bridge.callsTo('branches.locate')[1]).toMatchObject({ latitude: 53.54, longitude: 9.99 });
  });

  it("shows a chosen branch's details read through branches.get, and its company opens from them", async () => {
    const bridge = signedInBridge();
    withCompany(bridge);
    const branches = installBranches(bridge);
    const hamburg = located(1, 'Hamburg office', 0.079, 'Kestrel GmbH');
    branches.locate = { items: [hamburg], source: 'service', keptAt: null, keptCount: 1, complete: true };
    // The service has a newer phone than the locator's answer.
    branches.read.set(hamburg.row.branch.id, {
      value: { ...hamburg.row, branch: { ...hamburg.row.branch, phone: '+49 40 5550 9999' } },
      fetchedAt: new Date().toISOString(),
    });
    const { user } = renderApp(bridge);
    await searchHamburg(await openLocator(user), user);
    const list = await screen.findByRole('list', { name: 'Branches found, nearest first' });
    const choose = within(list).getByRole('button', { name: /Hamburg office/ });
    expect(choose.getAttribute('aria-expanded')).toBe('false');
    await user.click(choose);
    expect(choose.getAttribute('aria-expanded')).toBe('true');

    const details = await screen.findByRole('region', { name: 'Details of Hamburg office' });
    expect(bridge.callsTo('branches.get')).toEqual([{ id: hamburg.row.branch.id }]);
    const field = (label: string) => within(details).getByText(label).nextElementSibling?.textContent;
    expect(await within(details).findByText('+49 40 5550 9999')).toBeTruthy();
    expect(field('Kind')).toBe('Office');
    expect(field('Address')).toBe('Am Sandtorkai 1220457 HamburgDE');
    expect(field('Position')).toBe('53.5400° N, 9.9900° E');
    expect(field('E-mail')).toBe('—');
    // Fresh and online: no age line.
    expect(within(details).queryByText(/^Details as of/)).toBeNull();

    await user.click(await within(details).findByRole('button', { name: 'Kestrel GmbH' }));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(
        within(nav)
          .getByRole('button', { name: /^Companies/ })
          .getAttribute('aria-current'),
      ).toBe('page'),
    );
  });

  it('offline, shows a branch never read on its own as the locator found it, and a deleted one in words', async () => {
    const bridge = signedInBridge();
    bridge.data.sync = { ...bridge.data.sync, state: 'offline' };
    withCompany(bridge);
    const branches = installBranches(bridge);
    const [kept, gone] = [located(1, 'Hamburg office', 0.079, null), located(2, 'Kiel depot', 90, null)];
    branches.locate = {
      items: [kept, gone],
      source: 'kept',
      keptAt: new Date().toISOString(),
      keptCount: 2,
      complete: true,
    };
    branches.read.set(kept.row.branch.id, { value: null, fetchedAt: null });
    branches.read.set(gone.row.branch.id, {
      value: null,
      fetchedAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    });
    const { user } = renderApp(bridge);
    await searchHamburg(await openLocator(user), user);
    const list = await screen.findByRole('list', { name: 'Branches found, nearest first' });

    await user.click(within(list).getByRole('button', { name: /Hamburg office/ }));
    const details = await screen.findByRole('region', { name: 'Details of Hamburg office' });
    expect(await within(details).findByText(/^Not read on its own yet: shown as the locator found it/)).toBeTruthy();
    expect(within(details).getByText('Details not fetched yet (offline).')).toBeTruthy();
    expect(within(details).getByText('+49 40 5550 1200')).toBeTruthy();
    expect((within(details).getByRole('button', { name: 'Refresh details' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(list).getByRole('button', { name: /Kiel depot/ }));
    const goneDetails = await screen.findByRole('region', { name: 'Details of Kiel depot' });
    expect(await within(goneDetails).findByText(/^This branch is no longer on the service/)).toBeTruthy();
    expect(within(goneDetails).getByText('Details as of 2 hours ago (offline).')).toBeTruthy();
    expect(within(goneDetails).queryByText('Kind')).toBeNull();
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
