/**
 * Branches in browser mode against the real core and reference service: the Branch Locator opened
 * with Ctrl+9, a place typed, the branches listed nearest first as the service's `Branch Locator`
 * answers (the service is the oracle), a branch chosen in the list and on the map, a chosen
 * branch's details as the service's `Get branch` has them with its company opened from them, a point
 * clicked on the map; offline, the same search answered from the branches this computer has read in the
 * service's order; and a branch added on a company's page, pending, then on the service.
 */
import { describe, expect, it } from 'vitest';
import type { Branch, LocatorQuery } from '../../preload/contract';
import { formatPosition } from '../../renderer/src/views/branches/branch-words';
import { numberedMarkers } from '../../renderer/src/views/branches/locator-markers';
import { branchKindLabel } from '../../renderer/src/views/companies/related-labels';
import {
  eventually,
  itEndsHealthy,
  navItem,
  region,
  signedInApp,
  stepTimeoutMs,
  waitForCount,
  waitForSyncState,
} from '../helpers/e2e-steps';
import { ServerClient, smallDemo } from '../helpers/server-client';

type ServiceNearby = { distanceKm: number; branch: { id: string; name: string } };

describe('branches', () => {
  const app = signedInApp({ demo: smallDemo });

  const page = () => app.page;
  const results = () => page().getByRole('list', { name: 'Branches found, nearest first' });
  const place = () => page().getByRole('form', { name: 'Search from' });

  /** The service's own Branch Locator answer, every page. */
  async function serviceAnswer(query: LocatorQuery): Promise<ServiceNearby[]> {
    const client = new ServerClient(app.service.url);
    await client.signIn(app.service.credentials);
    return client.allPages<ServiceNearby>('branchLocator', { body: { ...query, limit: 500 } });
  }

  /** Types a place and radius and searches; resolves when `count` branches are listed. */
  async function searchFrom(query: LocatorQuery, count: number) {
    await place()
      .getByRole('textbox', { name: /^Latitude/ })
      .fill(String(query.latitude));
    await place()
      .getByRole('textbox', { name: /^Longitude/ })
      .fill(String(query.longitude));
    await place()
      .getByRole('textbox', { name: /^Radius/ })
      .fill(String(query.radiusKm));
    await place().getByRole('button', { name: 'Search here' }).click();
    // The list draws only the items in sight; each says how many are listed in all.
    await eventually(
      `${count} branches listed`,
      () => results().getByRole('listitem').first().getAttribute('aria-setsize'),
      (n) => n === String(count),
      { timeoutMs: stepTimeoutMs },
    );
  }

  /**
   * The listed branches' names, in order: the list is scrolled from top to bottom, each item read
   * where it is drawn at its place (`aria-posinset`), until every place was read.
   */
  async function listed(): Promise<string[]> {
    return results().evaluate(async (list) => {
      const scroller = list.parentElement!;
      const names = new Map<number, string>();
      const read = () => {
        for (const item of list.querySelectorAll('li[aria-posinset]')) {
          const name = item.querySelector('.locator-item-name')?.textContent?.trim() ?? '';
          names.set(Number(item.getAttribute('aria-posinset')), name);
        }
      };
      const total = Number(list.querySelector('li')?.getAttribute('aria-setsize') ?? 0);
      // The list draws the items now in sight on the next frames.
      const frame = () => new Promise((resolve) => setTimeout(resolve, 50));
      scroller.scrollTop = 0;
      await frame();
      read();
      while (names.size < total && scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight) {
        scroller.scrollTop += scroller.clientHeight / 2;
        await frame();
        read();
      }
      scroller.scrollTop = 0;
      await frame();
      return Array.from({ length: total }, (_, i) => names.get(i + 1) ?? `(place ${i + 1} never drawn)`);
    });
  }

  const hamburg: LocatorQuery = { latitude: 53.55, longitude: 9.99, radiusKm: 900 };

  it('opens with Ctrl+9 and lists the branches nearest a typed place first, as the service does', async () => {
    await page().keyboard.press('Control+9');
    await page().getByRole('heading', { name: 'Branch Locator', level: 1 }).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('branch-locator-empty');
    const expected = await serviceAnswer(hamburg);
    expect(expected.length).toBeGreaterThan(2);
    await searchFrom(hamburg, expected.length);
    expect(await listed()).toEqual(expected.map((n) => n.branch.name));
    // The map shows one named marker per branch for the nearest 50 (the others are dots on a canvas).
    const map = region(page(), 'Map of the branches found');
    const named = Math.min(expected.length, numberedMarkers);
    expect(await waitForCount(map.getByRole('button', { name: /^\d+\. .+ away$/ }), named)).toBe(named);
    await app.screenshot('branch-locator');
    await app.axeScan('branch locator');

    // Chosen in the list: its actions show; chosen on the map: the list follows.
    await results().locator('.locator-item-main').nth(1).click();
    await results().getByRole('button', { name: 'Search from this branch' }).waitFor({ timeout: stepTimeoutMs });
    // Markers close together overlap: the keyboard reaches each one.
    await map.getByRole('button', { name: /^1\. / }).focus();
    await page().keyboard.press('Enter');
    await eventually(
      'the first branch chosen',
      () => results().getByRole('listitem').first().getAttribute('aria-current'),
      (current) => current === 'true',
      { timeoutMs: stepTimeoutMs },
    );
    // The chosen item grows with its details; the next item moves down below it (heights are measured).
    await results()
      .getByRole('region', { name: /^Details of / })
      .getByText('Position')
      .waitFor({ timeout: stepTimeoutMs });
    await eventually(
      'the second item below the chosen one',
      async () => {
        const [chosen, next] = [
          await results().getByRole('listitem').nth(0).boundingBox(),
          await results().getByRole('listitem').nth(1).boundingBox(),
        ];
        return chosen && next ? next.y - (chosen.y + chosen.height) : -1;
      },
      (gap) => gap >= 0,
      { timeoutMs: stepTimeoutMs },
    );
    await app.screenshot('branch-locator-chosen');
  });

  it("shows a chosen branch's details as the service has them, and its company opens from them", async () => {
    const nearby = await serviceAnswer(hamburg);
    const client = new ServerClient(app.service.url);
    await client.signIn(app.service.credentials);
    const read = await client.call('getBranch', { query: { id: nearby[2].branch.id } });
    expect(read.status).toBe(200);
    const branch = read.body as Branch;
    const company = await app.host.core.handlers['companies.get']({ id: branch.companyId });
    expect(company).not.toBeNull();

    await results().locator('.locator-item-main').nth(2).click();
    const details = results().getByRole('region', { name: `Details of ${branch.name}` });
    await details.waitFor({ timeout: stepTimeoutMs });
    const field = (label: string) =>
      details
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]')
        .textContent();
    await details.getByRole('button', { name: company!.name }).waitFor({ timeout: stepTimeoutMs });
    expect(await field('Kind')).toBe(branchKindLabel[branch.kind]);
    expect(await field('Phone')).toBe(branch.phone ?? '—');
    expect(await field('Position')).toBe(formatPosition(branch.latitude, branch.longitude));
    expect(await field('Address')).toContain(branch.address.city ?? '');
    await details.scrollIntoViewIfNeeded();
    await app.screenshot('branch-details');
    await app.axeScan('branch details');

    await details.getByRole('button', { name: company!.name }).click();
    await region(page(), 'Company page')
      .getByRole('heading', { name: company!.name, level: 2 })
      .waitFor({ timeout: stepTimeoutMs });
    await page().keyboard.press('Control+9');
    await results().waitFor({ timeout: stepTimeoutMs });
  });

  it("searches from a company's headquarters chosen by name", async () => {
    const company = (await app.host.core.handlers['companies.list']({ offset: 0, limit: 1 })).rows[0];
    const hq = (await app.host.core.handlers['branches.ofCompany']({ companyId: company.id })).value.find(
      (row) => row.branch.kind === 'headquarters',
    )!.branch;
    const picker = place().getByRole('combobox', { name: 'Company' });
    await picker.fill(company.name);
    await page()
      .getByRole('option', { name: new RegExp(`^${company.name}`) })
      .first()
      .click();
    await page().getByText(`of ${company.name}, ${hq.name}`, { exact: false }).waitFor({ timeout: stepTimeoutMs });
    const first = results().getByRole('listitem').first();
    await first.getByText('0 m', { exact: true }).waitFor({ timeout: stepTimeoutMs });
    expect(
      await place()
        .getByRole('textbox', { name: /^Latitude/ })
        .inputValue(),
    ).toBe(String(hq.latitude));
  });

  it('searches from a point clicked on the map', async () => {
    const map = region(page(), 'Map of the branches found');
    const box = (await map.boundingBox())!;
    await page().mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.3);
    await page()
      .getByText(/within 900 km of a point on the map/)
      .waitFor({ timeout: stepTimeoutMs });
  });

  it('answers offline from the branches this computer has read, in the service order', async () => {
    const wide: LocatorQuery = { latitude: 50.1, longitude: 8.7, radiusKm: 1500 };
    const expected = await serviceAnswer(wide);
    await searchFrom(wide, expected.length);
    expect(await listed()).toEqual(expected.map((n) => n.branch.name));
    // Every branch of the service: the nearest are numbered on the map, the others are dots.
    const world: LocatorQuery = { latitude: 50.1, longitude: 8.7, radiusKm: 20_000 };
    const everywhere = await serviceAnswer(world);
    expect(everywhere.length).toBeGreaterThan(numberedMarkers);
    await searchFrom(world, everywhere.length);
    const map = region(page(), 'Map of the branches found');
    expect(await waitForCount(map.getByRole('button', { name: /^\d+\. .+ away$/ }), numberedMarkers)).toBe(
      numberedMarkers,
    );
    expect(await map.locator('canvas').count()).toBe(1);
    await app.screenshot('branch-locator-world');
    const narrow: LocatorQuery = { latitude: 51.2, longitude: 6.8, radiusKm: 400 };
    const narrowExpected = await serviceAnswer(narrow);
    await app.stopService();
    await waitForSyncState(page(), 'Offline');
    await searchFrom(narrow, narrowExpected.length);
    expect(await listed()).toEqual(narrowExpected.map((n) => n.branch.name));
    await page()
      .getByText(/^Offline: searched the/)
      .waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('branch-locator-offline');
    await app.axeScan('branch locator offline');
    await app.restartService();
    await waitForSyncState(page(), 'Synced');
  });

  it("adds a branch on a company's page: pending, then on the service", async () => {
    const company = (await app.host.core.handlers['companies.list']({ offset: 0, limit: 1 })).rows[0];
    await navItem(page(), 'Companies').click();
    await page().getByRole('searchbox', { name: 'Search companies' }).fill(company.name);
    await page().getByRole('listbox', { name: 'Companies' }).getByRole('option').first().click();
    const branches = region(page(), 'Company page').getByRole('region', { name: 'Branches', exact: true });
    await branches.getByRole('button', { name: 'Add branch' }).click();
    const dialog = page().getByRole('dialog', { name: `New branch of ${company.name}` });
    await dialog.waitFor({ timeout: stepTimeoutMs });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Porto service centre');
    await dialog.getByRole('combobox', { name: /^Kind/ }).selectOption('serviceCenter');
    await dialog.getByRole('textbox', { name: /^City/ }).fill('Porto');
    await dialog.getByRole('textbox', { name: /^Country/ }).fill('PT');
    await dialog.getByRole('textbox', { name: /^Latitude/ }).fill('41.1496');
    await dialog.getByRole('textbox', { name: /^Longitude/ }).fill('-8.6109');
    await app.screenshot('branch-form');
    await app.axeScan('branch form');
    await dialog.getByRole('button', { name: 'Add branch' }).click();
    await branches.getByRole('rowheader', { name: /Porto service centre/ }).waitFor({ timeout: stepTimeoutMs });
    const onService = await eventually(
      'the branch on the service',
      async () => (await serviceAnswer({ latitude: 41.15, longitude: -8.61, radiusKm: 5 })).map((n) => n.branch.name),
      (names) => names.includes('Porto service centre'),
      { timeoutMs: stepTimeoutMs },
    );
    expect(onService).toContain('Porto service centre');
    await eventually(
      'the row without Pending',
      () => branches.getByRole('rowheader', { name: /Porto service centre/ }).textContent(),
      (text) => !text?.includes('Pending'),
      { timeoutMs: stepTimeoutMs },
    );
    await app.screenshot('company-branches');
    await app.axeScan('company branches');
  });

  itEndsHealthy(() => app);
});
