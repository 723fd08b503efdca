/**
 * The Branch Locator view: a typed place is checked before anything is searched, the branches come
 * nearest first with their distance, a chosen branch shows its details read through `branches.get`
 * (with its company, which opens), and an answer computed offline from the kept branches says so.
 * A thousand branches: only those in sight are in the list (each saying its place among all), the
 * map numbers the nearest and dots the rest, and a branch chosen on the map comes into the list
 * with the focus. The last answer to a search, being refreshed, is not mistaken for an offline one.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
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

/** A fake 2D context: jsdom draws no canvas; the map's dots are drawn on one (Chromium draws them in e2e). */
beforeAll(() => {
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, name) => (name in target ? target[name] : () => undefined),
    set: (target, name, value) => {
      target[name] = value;
      return true;
    },
  });
  HTMLCanvasElement.prototype.getContext = (() => context) as unknown as HTMLCanvasElement['getContext'];
});

/** `n` branches, 100 m apart going away from the search point. */
function manyLocated(n: number): LocatedBranch[] {
  return Array.from({ length: n }, (_, i) => located(i + 1, `Branch ${i + 1}`, 0.1 * (i + 1), 'Kestrel GmbH'));
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

  it('draws only the branches in sight of a thousand, each with its place, and a branch chosen on the map comes into the list with the focus', async () => {
    const bridge = signedInBridge();
    const branches = installBranches(bridge);
    branches.locate = {
      items: manyLocated(1000),
      source: 'service',
      keptAt: new Date().toISOString(),
      keptCount: 1000,
      complete: false,
    };
    const { user } = renderApp(bridge);
    await searchHamburg(await openLocator(user), user);
    const list = await screen.findByRole('list', { name: 'Branches found, nearest first' });
    expect(list.tagName).toBe('OL');
    const drawn = within(list).getAllByRole('listitem');
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(50);
    expect(drawn.map((item) => item.getAttribute('aria-setsize'))).toEqual(drawn.map(() => '1000'));
    expect(drawn[0].getAttribute('aria-posinset')).toBe('1');
    expect(within(drawn[0]).getByRole('button', { name: /^Branch 1Office/ })).toBeTruthy();
    expect(screen.getByText(/^1\D?000 branches within \d+ km of the coordinates typed$/)).toBeTruthy();
    expect(screen.getByText(/^Only the nearest 1\D?000 are listed; narrow the radius to see the rest\.$/)).toBeTruthy();

    // The map numbers the nearest 50 as buttons; the others are dots on one canvas.
    const map = screen.getByRole('region', { name: 'Map of the branches found' });
    expect(within(map).getAllByRole('button', { name: /^\d+\. Branch \d+, .+ away$/ })).toHaveLength(50);
    expect(map.querySelectorAll('canvas')).toHaveLength(1);

    // Chosen on the map: the 40th, out of sight in the list, is drawn there, chosen, with the focus.
    expect(within(list).queryByRole('button', { name: /^Branch 40Office/ })).toBeNull();
    const marker = within(map).getByRole('button', { name: /^40\. Branch 40,/ });
    fireEvent.keyDown(marker, { key: 'Enter' });
    const chosen = await within(list).findByRole('button', { name: /^Branch 40Office/ });
    await waitFor(() => expect(document.activeElement).toBe(chosen));
    expect(chosen.getAttribute('aria-expanded')).toBe('true');
    const item = chosen.closest('li')!;
    expect(item.getAttribute('aria-current')).toBe('true');
    expect(item.getAttribute('aria-posinset')).toBe('40');
    expect(marker.getAttribute('aria-current')).toBe('true');
    expect(marker.classList.contains('locator-marker-selected')).toBe(true);

    // Another one chosen: the marker chosen before is no longer marked.
    const first = within(map).getByRole('button', { name: /^1\. Branch 1,/ });
    fireEvent.keyDown(first, { key: 'Enter' });
    await waitFor(() => expect(first.getAttribute('aria-current')).toBe('true'));
    expect(marker.getAttribute('aria-current')).toBeNull();
    expect(marker.classList.contains('locator-marker-selected')).toBe(false);
  });

  it('shows the last answer being refreshed without the offline notice, then the refreshed answer', async () => {
    const bridge = signedInBridge();
    const branches = installBranches(bridge);
    branches.locate = {
      items: [located(1, 'Hamburg office', 0.079, 'Kestrel GmbH')],
      source: 'lastAnswer',
      refreshing: true,
      keptAt: new Date().toISOString(),
      keptCount: 40,
      complete: true,
    };
    const { user } = renderApp(bridge);
    await searchHamburg(await openLocator(user), user);
    const list = await screen.findByRole('list', { name: 'Branches found, nearest first' });
    expect(await screen.findByText('Refreshing…')).toBeTruthy();
    expect(screen.queryByText(/^Offline:/)).toBeNull();

    branches.locate = {
      items: [located(2, 'Opened this morning', 0.01, 'Kestrel GmbH'), located(1, 'Hamburg office', 0.079, null)],
      source: 'lastAnswer',
      keptAt: new Date().toISOString(),
      keptCount: 41,
      complete: true,
    };
    const calls = bridge.callsTo('branches.locate').length;
    act(() => bridge.emit('answers.refreshed', { areas: ['branches'] }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(bridge.callsTo('branches.locate')).toHaveLength(calls + 1);
    expect(within(list).getAllByRole('listitem')[0].textContent).toMatch(/^1Opened this morning/);
    expect(screen.queryByText('Refreshing…')).toBeNull();
    expect(screen.queryByText(/^Offline:/)).toBeNull();
  });
});
