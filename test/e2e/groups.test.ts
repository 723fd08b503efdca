/**
 * Groups in browser mode against the real core and reference service: open Groups (Ctrl+0), the
 * tree with its groups; create a group; move it into another group by dragging it with the mouse
 * (queued, sent, the service has it there); drag a group into its own subgroup and see the move
 * refused in words, nothing queued. The core's handlers are the oracle.
 */
import { describe, expect, it, vi } from 'vitest';
import { dragTo, itEndsHealthy, region, signedInApp, stepTimeoutMs } from '../helpers/e2e-steps';

/** How long a change may take to be sent and read back, and how often to look. */
const waitOptions = { timeout: stepTimeoutMs, interval: 250 };

describe('groups', () => {
  const app = signedInApp();

  const page = () => app.page;
  const tree = () => page().getByRole('tree', { name: 'Groups' });
  const item = (name: string) => tree().getByRole('treeitem', { name, exact: true });
  const groupNamed = async (name: string) =>
    (await app.host.core.handlers['groups.tree']({})).value.nodes.find((node) => node.name === name);

  it('opens Groups with Ctrl+0 and shows the group tree', async () => {
    await page().keyboard.press('Control+0');
    await item('Europe').waitFor({ timeout: stepTimeoutMs });
    const { value } = await app.host.core.handlers['groups.tree']({});
    const roots = value.nodes.filter((node) => node.parentId === null);
    for (const root of roots) await item(root.name).waitFor({ timeout: stepTimeoutMs });
    await item('Europe').click();
    await region(page(), 'Group details')
      .getByRole('article', { name: 'Group Europe' })
      .getByText('Members', { exact: true })
      .waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('groups-tree');
    await app.axeScan('groups');
  });

  it('creates a group at the top level', async () => {
    await page().getByRole('button', { name: 'New group' }).click();
    const dialog = page().getByRole('dialog', { name: 'New group' });
    await dialog.getByLabel('Name').fill('Golf day guests');
    await dialog.getByLabel('Place in the tree').selectOption({ label: 'Top level' });
    await app.screenshot('groups-new-dialog');
    await app.axeScan('new group dialog');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await item('Golf day guests').waitFor({ timeout: stepTimeoutMs });
    await vi.waitFor(async () => {
      const golf = await groupNamed('Golf day guests');
      expect(golf).toMatchObject({ local: false, parentId: null, queued: null });
    }, waitOptions);
  });

  it('moves the group into another by dragging it', async () => {
    // Close the top-level groups (Left on each) so that both ends of the drag are on screen.
    const { value } = await app.host.core.handlers['groups.tree']({});
    for (const root of value.nodes.filter((node) => node.parentId === null && node.name !== 'Golf day guests')) {
      await item(root.name).click();
      await page().keyboard.press('ArrowLeft');
    }
    await item('Golf day guests').scrollIntoViewIfNeeded();
    await dragTo(page(), item('Golf day guests'), item('Europe'));
    const europe = (await groupNamed('Europe'))!;
    await vi.waitFor(async () => {
      expect(await groupNamed('Golf day guests')).toMatchObject({ parentId: europe.id, level: 2, queued: null });
      expect(await app.host.core.handlers['outbox.list']({})).toEqual([]);
    }, waitOptions);
    await item('Golf day guests').waitFor({ timeout: stepTimeoutMs });
    await page()
      .getByRole('status')
      .getByText('"Golf day guests" moved into "Europe".')
      .waitFor({ timeout: stepTimeoutMs });
    expect(await item('Golf day guests').getAttribute('aria-level')).toBe('2');
  });

  it('refuses in words to move a group into its own subgroup', async () => {
    await dragTo(page(), item('Europe'), item('Golf day guests'));
    await page()
      .getByRole('status')
      .getByText(
        '"Europe" cannot be moved into "Golf day guests", one of its own subgroups: a group cannot contain itself.',
        {
          exact: false,
        },
      )
      .waitFor({ timeout: stepTimeoutMs });
    expect(await app.host.core.handlers['outbox.list']({})).toEqual([]);
    expect((await groupNamed('Europe'))?.parentId).toBeNull();
    await app.screenshot('groups-cycle-refused');
    await app.axeScan('groups cycle refused');
  });

  it('finds a dynamic group by name and shows its member criteria', async () => {
    await page().getByRole('searchbox', { name: 'Find a group by name' }).fill('prospects');
    await page()
      .getByRole('list', { name: 'Groups found' })
      .getByRole('button', { name: /^All prospects/ })
      .click();
    const article = page().getByRole('article', { name: 'Group All prospects' });
    await article.getByRole('heading', { name: 'Member criteria' }).waitFor({ timeout: stepTimeoutMs });
    await article.getByText('Prospect', { exact: true }).waitFor({ timeout: stepTimeoutMs });
    expect(await item('All prospects').getAttribute('aria-selected')).toBe('true');
    await app.screenshot('groups-dynamic-page');
    await app.axeScan('dynamic group page');
  });

  it('adds a contact to the group offline, queued and sent once the service is back', async () => {
    const contact = (await app.host.core.handlers['contacts.list']({ offset: 0, limit: 1 })).rows[0];
    const golf = (await groupNamed('Golf day guests'))!;
    await item('Golf day guests').click();
    const article = page().getByRole('article', { name: 'Group Golf day guests' });
    await article.getByText('Members', { exact: true }).waitFor({ timeout: stepTimeoutMs });
    await app.stopService();
    const picker = article.getByRole('combobox', { name: 'Add a contact' });
    await picker.fill(contact.lastName);
    await page()
      .getByRole('option', { name: new RegExp(`${contact.firstName} ${contact.lastName}`) })
      .first()
      .click();
    await article.getByRole('button', { name: 'Add 1 contact to the group' }).click();
    await article
      .getByRole('list', { name: 'Changes of this group not yet on the service' })
      .getByText(/Waiting to be sent/)
      .waitFor({ timeout: stepTimeoutMs });
    expect(await app.host.core.handlers['outbox.list']({})).toHaveLength(1);
    await app.screenshot('groups-member-queued-offline');
    await app.axeScan('group page offline');
    await app.restartService();
    await vi.waitFor(async () => {
      await app.host.core.handlers['sync.run']({});
      expect(await app.host.core.handlers['outbox.list']({})).toEqual([]);
      expect((await app.host.core.handlers['groups.get']({ id: golf.id })).value?.memberCount).toBe(1);
    }, waitOptions);
    await article.getByText('1 contact', { exact: true }).waitFor({ timeout: stepTimeoutMs });
  });

  it("shows the contact's static groups on their page, each opening in Groups", async () => {
    const contact = (await app.host.core.handlers['contacts.list']({ offset: 0, limit: 1 })).rows[0];
    await page().keyboard.press('Control+1');
    await page().getByRole('searchbox', { name: 'Search contacts' }).fill(`${contact.firstName} ${contact.lastName}`);
    await page()
      .getByRole('listbox', { name: 'Contacts' })
      .getByRole('option', { name: new RegExp(`^${contact.firstName} ${contact.lastName}`) })
      .first()
      .click();
    const groups = region(page(), 'Contact details').getByRole('region', { name: 'Groups' });
    const golf = groups.getByRole('button', { name: 'Golf day guests' });
    await golf.waitFor({ timeout: stepTimeoutMs });
    await golf.scrollIntoViewIfNeeded();
    await app.screenshot('groups-on-contact-page');
    await app.axeScan('contact page groups');
    await golf.click();
    await page().getByRole('article', { name: 'Group Golf day guests' }).waitFor({ timeout: stepTimeoutMs });
  });

  it('renames (F2), moves with the keyboard (M) and deletes (Delete, asks first) a group', async () => {
    await page().keyboard.press('Control+0');
    await item('Golf day guests').click();
    await page().keyboard.press('F2');
    const rename = page().getByRole('dialog', { name: 'Rename "Golf day guests"' });
    await rename.getByLabel('Name').fill('Golf day 2027');
    await app.screenshot('groups-rename-dialog');
    await app.axeScan('rename group dialog');
    await rename.getByLabel('Name').press('Enter');
    await item('Golf day 2027').waitFor({ timeout: stepTimeoutMs });

    await item('Golf day 2027').focus();
    await page().keyboard.press('m');
    const move = page().getByRole('dialog', { name: 'Move "Golf day 2027"' });
    await move.getByRole('combobox', { name: 'Move to' }).selectOption({ label: 'Top level' });
    await app.screenshot('groups-move-dialog');
    await app.axeScan('move group dialog');
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await vi.waitFor(async () => {
      expect(await groupNamed('Golf day 2027')).toMatchObject({ parentId: null, queued: null });
    }, waitOptions);
    expect(await item('Golf day 2027').getAttribute('aria-level')).toBe('1');

    await item('Golf day 2027').focus();
    await page().keyboard.press('Delete');
    const confirm = page().getByRole('dialog', { name: 'Delete "Golf day 2027"?' });
    await confirm.getByText('the contacts stay', { exact: false }).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('groups-delete-dialog');
    await app.axeScan('delete group dialog');
    await confirm.getByRole('button', { name: 'Delete group' }).click();
    await item('Golf day 2027').waitFor({ state: 'detached', timeout: stepTimeoutMs });
    await vi.waitFor(async () => {
      expect(await groupNamed('Golf day 2027')).toBeUndefined();
      expect(await app.host.core.handlers['outbox.list']({})).toEqual([]);
    }, waitOptions);
  });

  itEndsHealthy(() => app);
});
