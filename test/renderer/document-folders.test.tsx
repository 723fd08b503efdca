/**
 * Folder edits in the Documents view against the fake bridge: New folder in the chosen folder,
 * Rename with F2, Move to… with M (the folder's own subfolders not offered), Delete asking first
 * for an empty folder and refused in words for one that holds documents or subfolders, and the
 * core's refusal shown in the dialog with what was typed kept.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BridgeError, type Folder } from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { renderApp, signedInBridge } from './render-app';

/**
 * Puts the fixture folders under one top folder, as on the service, and handles the folder calls
 * changing the fake folders as the core would (pending until sent).
 */
function handleFolders(bridge: FakeBridge) {
  const folders = bridge.data.folders;
  const root: Folder = {
    id: crypto.randomUUID(),
    parentId: null,
    name: 'All documents',
    ownerId: null,
    documentCount: 0,
  };
  for (const folder of folders) if (folder.parentId === null) folder.parentId = root.id;
  folders.push(root);
  const changed = () => bridge.emit('data.changed', { types: ['folder'] });
  bridge.handle('documents.saveFolder', ({ folder }) => {
    if (!folder.id) {
      const created: Folder = {
        id: crypto.randomUUID(),
        parentId: folder.parentId ?? null,
        name: folder.name ?? '',
        ownerId: bridge.data.user.id,
        documentCount: 0,
        syncState: 'pending',
      };
      folders.push(created);
      changed();
      return created;
    }
    const found = folders.find((f) => f.id === folder.id)!;
    Object.assign(found, {
      name: folder.name ?? found.name,
      parentId: folder.parentId ?? found.parentId,
      syncState: 'pending',
    });
    changed();
    return found;
  });
  bridge.handle('documents.deleteFolder', ({ id }) => {
    folders.splice(
      folders.findIndex((f) => f.id === id),
      1,
    );
    changed();
    return { deleted: true };
  });
}

async function openFolder(user: ReturnType<typeof renderApp>['user'], name: string) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: 'Documents' }));
  const tree = await screen.findByRole('tree', { name: 'Folders' });
  const item = within(tree).getByRole('treeitem', { name });
  await user.click(item);
  await waitFor(() => expect(item.getAttribute('aria-selected')).toBe('true'));
  return { tree, item };
}

describe('document folders', () => {
  it('creates a folder in the chosen folder and shows it pending in the tree', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    handleFolders(bridge);
    const { tree } = await openFolder(user, 'Marketing');
    await user.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = screen.getByRole('dialog', { name: 'New folder in "Marketing"' });
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(within(dialog).getByText('Enter a name for the folder.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Folder name/), 'Trade fairs{Enter}');

    const marketing = bridge.data.folders.find((f) => f.name === 'Marketing')!;
    await waitFor(() =>
      expect(bridge.callsTo('documents.saveFolder')).toEqual([
        { folder: { parentId: marketing.id, name: 'Trade fairs' } },
      ]),
    );
    const created = await within(tree).findByRole('treeitem', { name: 'Trade fairs' });
    expect(created.getAttribute('aria-selected')).toBe('true');
    expect(created.querySelector('[data-mark="Pending"]')).toBeTruthy();
    expect(screen.getByText(/0 documents, change not sent yet/)).toBeTruthy();
    expect(await screen.findByText('New folder "Trade fairs"')).toBeTruthy();
  });

  it('renames the focused folder with F2 and keeps what was typed when the core refuses', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    handleFolders(bridge);
    await openFolder(user, 'Price lists');
    const refusal = '"Contracts" already has a folder named "Purchase orders". Choose another name.';
    bridge.handle('documents.saveFolder', () => {
      throw new BridgeError('invalid_input', refusal);
    });
    await user.keyboard('{F2}');
    const dialog = screen.getByRole('dialog', { name: 'Rename "Price lists"' });
    const field = within(dialog).getByLabelText(/Folder name/);
    await user.clear(field);
    await user.type(field, 'Price lists 2026{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', refusal);
    expect((field as HTMLInputElement).value).toBe('Price lists 2026');
  });

  it('offers Move to… (M) without the folder itself and its own subfolders, and moves it', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    handleFolders(bridge);
    const { tree } = await openFolder(user, 'Contracts');
    await user.keyboard('m');
    const dialog = screen.getByRole('dialog', { name: 'Move "Contracts"' });
    const picker = within(dialog).getByLabelText('Move to') as HTMLSelectElement;
    const offered = [...picker.options].map((o) => o.text);
    expect(offered).toEqual([
      'All documents',
      'All documents / Archive 2025',
      'All documents / Marketing',
      'All documents / Marketing / Campaign assets',
      'All documents / Price lists',
    ]);
    const marketing = bridge.data.folders.find((f) => f.name === 'Marketing')!;
    await user.selectOptions(picker, marketing.id);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    const contracts = bridge.data.folders.find((f) => f.name === 'Contracts')!;
    await waitFor(() =>
      expect(bridge.callsTo('documents.saveFolder')).toEqual([
        { folder: { id: contracts.id, parentId: marketing.id } },
      ]),
    );
    const moved = within(tree).getByRole('treeitem', { name: 'Contracts' });
    await waitFor(() => expect(moved.getAttribute('aria-level')).toBe('3'));
  });

  it('refuses to delete a folder that holds documents and subfolders, in words, and sends nothing', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    handleFolders(bridge);
    const { item } = await openFolder(user, 'Contracts');
    item.focus();
    await user.keyboard('{Delete}');
    expect(
      screen
        .getByText(
          '"Contracts" holds 40 documents and 2 subfolders. Only an empty folder can be deleted: move or delete what it holds first.',
        )
        .getAttribute('role'),
    ).toBe('status');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bridge.callsTo('documents.deleteFolder')).toEqual([]);

    // The top folder neither moves nor goes.
    await user.click(
      within(screen.getByRole('tree', { name: 'Folders' })).getByRole('treeitem', { name: 'All documents' }),
    );
    await user.click(screen.getByRole('button', { name: 'Move to…' }));
    expect(screen.getByText('The top folder cannot be moved.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('The top folder cannot be deleted.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before deleting an empty folder, and deletes it', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    handleFolders(bridge);
    const { tree } = await openFolder(user, 'Archive 2025');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete "Archive 2025"?' });
    expect(dialog.textContent).toContain('The folder is empty.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('documents.deleteFolder')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete "Archive 2025"?' })).getByRole('button', {
        name: 'Delete folder',
      }),
    );
    const archive = bridge.callsTo('documents.deleteFolder')[0];
    expect(archive.id).toBeTruthy();
    await waitFor(() => expect(within(tree).queryByRole('treeitem', { name: 'Archive 2025' })).toBeNull());
  });
});
