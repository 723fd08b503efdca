/**
 * The Documents view's Grid against the fake bridge: the List | Grid switch remembered per user
 * across restarts, cards with thumbnails for PDFs and the type for others, and the keyboard moving
 * between cards by one and by a row (the column count), Enter opening the details as the list does,
 * with the selection shared between List and Grid.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberedChoiceKey } from '../../renderer/src/lib/use-remembered-choice';
import type { FakeBridge } from './fake-bridge';
import { handleDocumentWorkflow } from './fakes-documents';
import { demoUser } from './fixtures';
import { renderApp, signedInBridge } from './render-app';

/** A 1 x 1 transparent PNG, as the core hands thumbnails over (a `data:` URL). */
const picture =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Thumbnails for the fixtures' PDFs (the others are never asked for: they have none). */
function handleThumbnails(bridge: FakeBridge) {
  bridge.handle('documents.thumbnail', ({ id }) => {
    const document = bridge.data.documents.find((d) => d.id === id);
    return { dataUrl: document?.contentType === 'application/pdf' ? picture : null };
  });
}

async function openContracts(user: ReturnType<typeof renderApp>['user']) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: 'Documents' }));
  const tree = await screen.findByRole('tree', { name: 'Folders' });
  await user.click(within(tree).getByRole('treeitem', { name: 'Contracts' }));
  await within(screen.getByRole('region', { name: 'Drop files to upload' })).findByText('40 documents');
}

/** The cards (or rows) of the documents listbox, in order. */
const shown = () => within(screen.getByRole('listbox', { name: 'Documents' })).getAllByRole('option');
const selectedTitle = () =>
  shown()
    .find((option) => option.getAttribute('aria-selected') === 'true')
    ?.querySelector('.doc-card-title, .list-row-primary')?.textContent;

afterEach(() => window.localStorage.clear());

describe('documents grid', () => {
  it('switches to Grid, remembers it for the same user after a restart, and not for another user', async () => {
    const first = renderApp(signedInBridge());
    handleThumbnails(first.bridge);
    await openContracts(first.user);
    const list = screen.getByRole('button', { name: 'List' });
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('.doc-grid')).toBeNull();

    await first.user.click(screen.getByRole('button', { name: 'Grid' }));
    expect(screen.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(document.querySelector('.doc-grid .doc-card[role="option"]')).not.toBeNull());
    expect(window.localStorage.getItem(rememberedChoiceKey(demoUser.id, 'documents.layout'))).toBe('grid');
    first.unmount();

    // The app starts again for the same user: Grid.
    const again = renderApp(signedInBridge());
    handleThumbnails(again.bridge);
    await openContracts(again.user);
    expect(screen.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('.doc-grid')).not.toBeNull();
    again.unmount();

    // Another user on this computer still gets the list.
    const other = signedInBridge();
    if (other.data.session.state === 'signedIn') other.data.session.user = { ...demoUser, id: crypto.randomUUID() };
    const otherApp = renderApp(other);
    handleThumbnails(other);
    await openContracts(otherApp.user);
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('.doc-grid')).toBeNull();
  });

  it('shows thumbnails of PDFs in cards and list rows, and the type for other files', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    handleThumbnails(bridge);
    await openContracts(user);
    // List rows: small pictures once the rows are on screen.
    await waitFor(() => expect(document.querySelectorAll('.doc-thumb-row img').length).toBeGreaterThan(3));
    await user.click(screen.getByRole('button', { name: 'Grid' }));
    await waitFor(() => expect(document.querySelectorAll('.doc-thumb-card img').length).toBeGreaterThan(3));
    const spreadsheet = shown().find((card) => card.textContent?.includes('.xlsx'))!;
    expect(spreadsheet.querySelector('img')).toBeNull();
    expect(spreadsheet.querySelector('.doc-thumb-type')?.textContent).toBe('XLSX');
    // Only documents that can have one were asked for, and only those on screen (the folder holds 40).
    const asked = bridge.callsTo('documents.thumbnail');
    const ids = new Set(asked.map((call) => call.id));
    for (const id of ids) expect(bridge.data.documents.find((d) => d.id === id)?.contentType).toBe('application/pdf');
    expect(ids.size).toBeLessThan(30);
  });

  it('moves between cards with the arrow keys by one and by the column count; Enter opens the details', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    handleThumbnails(bridge);
    handleDocumentWorkflow(bridge);
    await openContracts(user);
    await user.click(screen.getByRole('button', { name: 'Grid' }));
    const grid = await screen.findByRole('listbox', { name: 'Documents' });
    await waitFor(() => expect(grid.classList.contains('doc-grid')).toBe(true));
    const contracts = bridge.data.folders.find((f) => f.name === 'Contracts')!;
    const titles = bridge.data.documents
      .filter((d) => d.folderId === contracts.id)
      .map((d) => d.title)
      .sort((a, b) => a.localeCompare(b));
    const rowTitle = (index: number) => shown()[index].querySelector('.doc-card-title')?.textContent;
    // 800 px wide (the test layout): 4 cards to a row.
    expect(grid.querySelectorAll('.doc-grid-row')[0].querySelectorAll('[role="option"]')).toHaveLength(4);

    grid.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(selectedTitle()).toBe(rowTitle(0)));
    await user.keyboard('{ArrowRight}{ArrowDown}');
    await waitFor(() => expect(selectedTitle()).toBe(rowTitle(5)));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(selectedTitle()).toBe(rowTitle(4)));
    await user.keyboard('{ArrowUp}{ArrowUp}');
    await waitFor(() => expect(selectedTitle()).toBe(rowTitle(0)));
    await user.keyboard('{ArrowDown}{Enter}');
    const chosen = rowTitle(4)!;
    expect(titles).toContain(chosen);
    const details = screen.getByRole('region', { name: 'Document details' });
    await within(details).findAllByText(chosen);
    expect(grid.getAttribute('aria-activedescendant')).toBe(shown()[4].id);

    // The selection is the list's: back in List, the same document is the selected row.
    await user.click(screen.getByRole('button', { name: 'List' }));
    await waitFor(() => expect(selectedTitle()).toBe(chosen));
  });
});
