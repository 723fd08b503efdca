/**
 * The client offers only what the contract's access rules allow (renderer/src/lib/use-access.ts):
 * a refused action stays visible, disabled, with the rule's reason as its description and tooltip;
 * its key does nothing but say the reason; views for some roles show only to those roles.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installMe } from './fakes-admin';
import { installContactFakes } from './fakes-contacts';
import { handleDocumentWorkflow, pickDocument } from './fakes-documents';
import { renderApp, signedInBridge } from './render-app';

type User = ReturnType<typeof renderApp>['user'];

const colleague = '00000000-0000-4000-8000-000000000777';

/** The texts of the elements `element`'s aria-describedby names, joined as a screen reader reads them. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** Expects `button` refused with `reason`: focusable, aria-disabled, described by the reason, shown as a tooltip on focus. */
function expectRefused(button: HTMLElement, reason: string) {
  expect(button.getAttribute('aria-disabled')).toBe('true');
  expect((button as HTMLButtonElement).disabled).toBe(false);
  expect(description(button)).toContain(reason);
  fireEvent.focus(button);
  const tips = screen.getAllByRole('tooltip', { name: reason });
  const ids = (button.getAttribute('aria-describedby') ?? '').split(/\s+/);
  const tip = tips.find((candidate) => ids.includes(candidate.id));
  expect(tip?.className).toContain('refusal-tip-shown');
  fireEvent.blur(button);
}

async function openDocument(user: User, folderName: string, title: string) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: 'Documents' }));
  const tree = await screen.findByRole('tree', { name: 'Folders' });
  await user.click(within(tree).getByRole('treeitem', { name: folderName }));
  const list = await screen.findByRole('listbox', { name: 'Documents' });
  await user.click(await within(list).findByRole('option', { name: (name) => name.startsWith(title) }));
  const details = await screen.findByRole('region', { name: 'Document details' });
  await within(details).findByRole('heading', { name: title });
  return details;
}

async function openContact(user: User, bridge: ReturnType<typeof signedInBridge>, index: number) {
  const list = await screen.findByRole('listbox', { name: 'Contacts' });
  const contact = bridge.data.contacts[index];
  await user.click(within(list).getAllByRole('option')[index]);
  const details = screen.getByRole('region', { name: 'Contact details' });
  await within(details).findByRole('heading', { name: `${contact.firstName} ${contact.lastName}` });
  return { list, details, contact };
}

describe('the client offers only what the access rules allow', () => {
  it("shows a salesperson Delete disabled with the reason on another user's document, and enabled on their own", async () => {
    const bridge = signedInBridge();
    installMe(bridge, ['sales']);
    const theirs = pickDocument(bridge, 'Contracts', 'draft', 'Offer Lisbon');
    theirs.ownerId = colleague;
    theirs.ownerName = 'Kim Colleague';
    const mine = pickDocument(bridge, 'Price lists', 'draft', 'Price list Porto');
    handleDocumentWorkflow(bridge);
    const { user } = renderApp(bridge);

    let details = await openDocument(user, 'Contracts', 'Offer Lisbon');
    const reason = 'Only its owner, a manager or an administrator may change this document.';
    const remove = within(details).getByRole('button', { name: 'Delete…' });
    await waitFor(() => expect(remove.getAttribute('aria-disabled')).toBe('true'));
    expectRefused(remove, reason);
    expectRefused(within(details).getByRole('button', { name: 'Edit…' }), reason);
    await user.click(remove);
    expect(screen.queryByRole('dialog', { name: /^Delete Offer Lisbon/ })).toBeNull();
    expect(bridge.callsTo('documents.delete')).toEqual([]);

    details = await openDocument(user, 'Price lists', 'Price list Porto');
    const ownDelete = within(details).getByRole('button', { name: 'Delete…' });
    expect(ownDelete.getAttribute('aria-disabled')).toBeNull();
    await user.click(ownDelete);
    await screen.findByRole('dialog', { name: 'Delete Price list Porto?' });
    expect(mine.ownerId).toBe(bridge.data.user.id);
  });

  it('gives a user without contacts.delete a disabled Delete with the permission sentence', async () => {
    const bridge = signedInBridge();
    installContactFakes(bridge);
    installMe(bridge, ['sales']);
    const { user } = renderApp(bridge);
    const { details } = await openContact(user, bridge, 0);

    const remove = within(details).getByRole('button', { name: 'Delete…' });
    await waitFor(() => expect(remove.getAttribute('aria-disabled')).toBe('true'));
    expectRefused(remove, 'You need the contacts.delete permission to do this; ask an administrator.');
    // Editing and archiving need contacts.write, which this user holds.
    expect(within(details).getByRole('button', { name: 'Edit' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('does not act on a refused key: Delete on the contact says why and calls nothing', async () => {
    const bridge = signedInBridge();
    installContactFakes(bridge);
    installMe(bridge, ['sales']);
    const { user } = renderApp(bridge);
    const { list, details } = await openContact(user, bridge, 1);
    await waitFor(() =>
      expect(within(details).getByRole('button', { name: 'Delete…' }).getAttribute('aria-disabled')).toBe('true'),
    );

    fireEvent.keyDown(list, { key: 'Delete' });
    const messages = screen.getByRole('region', { name: 'Messages' });
    expect(
      await within(messages).findByText('You need the contacts.delete permission to do this; ask an administrator.'),
    ).toBeTruthy();
    expect(within(messages).getByText('Not allowed')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: /^Delete / })).toBeNull();
    expect(bridge.callsTo('contacts.delete')).toEqual([]);
  });

  it("does not rename another user's folder with F2: the toast says why and no dialog opens", async () => {
    const bridge = signedInBridge();
    installMe(bridge, ['sales']);
    const folder = bridge.data.folders.find((f) => f.name === 'Marketing')!;
    folder.ownerId = colleague;
    const { user } = renderApp(bridge);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Documents' }));
    const tree = await screen.findByRole('tree', { name: 'Folders' });
    const item = within(tree).getByRole('treeitem', { name: 'Marketing' });
    await user.click(item);

    const reason = 'Only its owner, a manager or an administrator may change this folder.';
    const rename = await screen.findByRole('button', { name: 'Rename' });
    await waitFor(() => expect(rename.getAttribute('aria-disabled')).toBe('true'));
    expectRefused(rename, reason);
    await user.click(item);
    await user.keyboard('{F2}');
    expect(await within(screen.getByRole('region', { name: 'Messages' })).findByText(reason)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bridge.callsTo('documents.saveFolder')).toEqual([]);
  });

  it('lists a refused command in the palette disabled with the reason, and Enter does nothing', async () => {
    const bridge = signedInBridge();
    installMe(bridge, ['sales']).permissions = [];
    bridge.handle('search.global', () => []);
    const { user } = renderApp(bridge);
    await screen.findByRole('listbox', { name: 'Contacts' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'New contact' }).getAttribute('aria-disabled')).toBe('true'),
    );

    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByRole('combobox', { name: 'Search everything or type a command' });
    await user.type(input, 'new contact');
    const option = await screen.findByRole('option', { name: /^New contact/ });
    expect(option.getAttribute('aria-disabled')).toBe('true');
    expect(option.textContent).toContain('You need the contacts.write permission to do this; ask an administrator.');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog', { name: 'New contact' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Search and commands' })).toBeTruthy();
  });

  it('shows the Users view to an administrator and not to a salesperson', async () => {
    const admin = signedInBridge();
    installMe(admin, ['admin']);
    const first = renderApp(admin);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('button', { name: /^Users/ })).toBeTruthy();
    first.unmount();

    const sales = signedInBridge();
    installMe(sales, ['sales']);
    renderApp(sales);
    const salesNav = await screen.findByRole('navigation', { name: 'Main' });
    await within(salesNav).findByRole('button', { name: /^Audit trail/ });
    await waitFor(() => expect(sales.callsTo('account.me').length).toBeGreaterThan(0));
    expect(within(salesNav).queryByRole('button', { name: /^Users/ })).toBeNull();
  });
});
