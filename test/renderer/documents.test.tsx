import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Transfer } from '../../preload/contract';
import { demoInfo, makeDocuments, makeFolders } from './fixtures';
import { renderApp, signedInBridge } from './render-app';

function file(name: string, bytes: number, type = 'application/pdf'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

async function openDocuments(user: ReturnType<typeof renderApp>['user']) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: 'Documents' }));
  return screen.findByRole('tree', { name: 'Folders' });
}

describe('documents view', () => {
  it('uploads picked files into the selected folder and shows their progress from transfer events', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    const tree = await openDocuments(user);
    const priceLists = bridge.data.folders.find((f) => f.name === 'Price lists');
    await user.click(within(tree).getByRole('treeitem', { name: 'Price lists' }));
    await within(screen.getByRole('region', { name: 'Drop files to upload' })).findByText('8 documents');

    await user.upload(screen.getByLabelText('Choose files to upload'), [
      file('offer.pdf', 2048),
      file('terms.pdf', 512),
    ]);

    await waitFor(() => expect(bridge.callsTo('documents.upload')).toHaveLength(1));
    const [call] = bridge.callsTo('documents.upload');
    expect(call.folderId).toBe(priceLists?.id);
    expect(call.files.map((f) => f.name)).toEqual(['offer.pdf', 'terms.pdf']);

    const transfers = screen.getByRole('region', { name: 'Transfers' });
    const bar = await within(transfers).findByRole('progressbar', { name: 'offer.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');

    const started = bridge.data.transfers.find((t) => t.name === 'offer.pdf') as Transfer;
    bridge.emit('transfer.progress', { ...started, state: 'running', bytesDone: 1024 });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(within(transfers).getAllByRole('button', { name: 'Cancel' })).toHaveLength(2);

    bridge.emit('transfer.progress', { ...started, state: 'done', bytesDone: 2048 });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('100'));
    expect(within(transfers).getByText(/Uploaded/)).toBeTruthy();
  });

  it('shows uploads that wait for the service in the folder and the panel, and offers Retry after a refusal', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    const tree = await openDocuments(user);
    await user.click(within(tree).getByRole('treeitem', { name: 'Price lists' }));
    const folder = screen.getByRole('region', { name: 'Drop files to upload' });
    await within(folder).findByText('8 documents');

    await user.upload(screen.getByLabelText('Choose files to upload'), [
      file('offer.pdf', 2048),
      file('terms.pdf', 512),
    ]);
    await waitFor(() => expect(bridge.data.transfers).toHaveLength(2));
    const reason = 'Waiting for the service — it uploads by itself when the connection is back.';
    const [offer, terms] = bridge.data.transfers;
    bridge.emit('transfer.progress', { ...offer, error: reason });
    bridge.emit('transfer.progress', { ...terms, error: reason });

    const banner = await within(folder).findByRole('status', { name: 'Uploads into this folder' });
    await waitFor(() => expect(banner.textContent).toContain('2 files wait to upload'));
    expect(banner.textContent).toContain('Waiting for the service. They upload by themselves.');
    const transfers = screen.getByRole('region', { name: 'Transfers' });
    expect(within(transfers).getAllByText(reason)).toHaveLength(2);
    expect(within(transfers).getAllByText(/Upload waiting · 2 KB|Upload waiting · 512 bytes/)).toHaveLength(2);
    expect(within(transfers).getAllByRole('button', { name: 'Cancel' })).toHaveLength(2);

    const refusal =
      'Uploading terms.pdf failed. The BRM service answered 413: Payload Too Large. Choose a smaller file.';
    bridge.emit('transfer.progress', { ...offer, state: 'done', bytesDone: offer.bytesTotal, documentId: 'd-new' });
    bridge.emit('transfer.progress', { ...terms, state: 'failed', error: refusal });
    await waitFor(() => expect(within(folder).queryByRole('status', { name: 'Uploads into this folder' })).toBeNull());
    expect(within(transfers).getByText(refusal)).toBeTruthy();

    bridge.handle('transfers.retry', ({ id }) => ({ ...terms, id, state: 'queued', error: null }));
    await user.click(within(transfers).getByRole('button', { name: 'Retry' }));
    expect(bridge.callsTo('transfers.retry')).toEqual([{ id: terms.id }]);
    await waitFor(() => expect(within(transfers).queryByText(refusal)).toBeNull());
    expect((await within(folder).findByRole('status', { name: 'Uploads into this folder' })).textContent).toContain(
      'Uploading 1 file',
    );
  });

  it('refuses empty and too large files, each with its reason, and uploads the rest', async () => {
    const { user, bridge } = renderApp(signedInBridge({ info: { ...demoInfo, maxUploadBytes: 4096 } }));
    await openDocuments(user);
    await screen.findByRole('region', { name: 'Drop files to upload' });

    await user.upload(screen.getByLabelText('Choose files to upload'), [
      file('empty.txt', 0, 'text/plain'),
      file('huge.pdf', 5000),
      file('fine.pdf', 100),
    ]);

    const transfers = screen.getByRole('region', { name: 'Transfers' });
    expect((await within(transfers).findByText(/"empty.txt" is empty/)).textContent).toContain(
      'Choose a file that has content',
    );
    expect(within(transfers).getByText(/"huge.pdf" is 5 KB, more than the/)).toBeTruthy();
    await waitFor(() => expect(bridge.callsTo('documents.upload')).toHaveLength(1));
    expect(bridge.callsTo('documents.upload')[0].files.map((f) => f.name)).toEqual(['fine.pdf']);
  });

  it('shows the empty folder state', async () => {
    const { user } = renderApp(signedInBridge());
    const tree = await openDocuments(user);
    await user.click(within(tree).getByRole('treeitem', { name: 'Archive 2025' }));

    expect(await screen.findByText('This folder is empty — drop files here or use Upload')).toBeTruthy();
  });

  it('offers the subfolders of a folder that holds no documents itself, and opens one', async () => {
    const folders = makeFolders();
    // Contracts keeps its documents only in its two subfolders.
    const { user } = renderApp(
      signedInBridge({ folders, documents: makeDocuments(folders, [0, 25, 60, 12, 30, 8, 0]) }),
    );
    const tree = await openDocuments(user);
    await user.click(within(tree).getByRole('treeitem', { name: 'Contracts' }));

    const dropZone = screen.getByRole('region', { name: 'Drop files to upload' });
    expect(await within(dropZone).findByText('No documents directly in Contracts')).toBeTruthy();
    await user.click(within(dropZone).getByRole('button', { name: 'Purchase orders (60 documents)' }));

    expect(within(tree).getByRole('treeitem', { name: 'Purchase orders' }).getAttribute('aria-selected')).toBe('true');
    expect(await within(dropZone).findByText('60 documents')).toBeTruthy();
  });

  it('downloads the selected document and enables Open when it is saved', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    const tree = await openDocuments(user);
    await user.click(within(tree).getByRole('treeitem', { name: 'Contracts' }));
    const list = await screen.findByRole('listbox', { name: 'Documents' });
    await user.click(within(list).getAllByRole('option')[0]);

    const details = await screen.findByRole('region', { name: 'Document details' });
    const open = await within(details).findByRole('button', { name: 'Open' });
    expect((open as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(details).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(bridge.callsTo('documents.download')).toHaveLength(1));
    const { id } = bridge.callsTo('documents.download')[0];
    const transfer = bridge.data.transfers.find((t) => t.documentId === id) as Transfer;

    const document = bridge.data.documents.find((d) => d.id === id);
    if (document) document.localPath = `/home/dana/Downloads/${document.name}`;
    bridge.emit('transfer.progress', {
      ...transfer,
      state: 'done',
      bytesDone: transfer.bytesTotal,
      localPath: document?.localPath ?? null,
    });

    await waitFor(() =>
      expect((within(details).getByRole('button', { name: 'Open' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(within(details).getByText(/Saved on this computer/)).toBeTruthy();
  });

  it('asks before opening a file that can run code, naming its type, and opens it only when confirmed', async () => {
    const bridge = signedInBridge();
    const contracts = bridge.data.folders.find((f) => f.name === 'Contracts');
    const exe = bridge.data.documents.find((d) => d.folderId === contracts?.id);
    if (!exe) throw new Error('no document in Contracts');
    exe.name = 'invoice.pdf.exe';
    exe.localPath = '/home/dana/Downloads/invoice.pdf.exe';
    bridge.handle('documents.open', ({ confirm }) =>
      confirm
        ? { url: 'http://127.0.0.1:4567/files/abc?token=t' }
        : {
            url: null,
            warning: {
              fileName: 'invoice.pdf.exe',
              fileType: 'a Windows program',
              message:
                'invoice.pdf.exe is a Windows program: it can run code on your computer. Open it only if you trust where it came from.',
            },
          },
    );
    const opened: string[] = [];
    const originalOpen = window.open;
    window.open = ((url: string) => {
      opened.push(url);
      return null;
    }) as typeof window.open;
    try {
      const { user } = renderApp(bridge);
      const tree = await openDocuments(user);
      await user.click(within(tree).getByRole('treeitem', { name: 'Contracts' }));
      const list = await screen.findByRole('listbox', { name: 'Documents' });
      await user.click(within(list).getAllByRole('option')[0]);
      const details = await screen.findByRole('region', { name: 'Document details' });
      const open = await within(details).findByRole('button', { name: 'Open' });
      await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));

      // First time: the warning, nothing opened; Cancel keeps it closed.
      await user.click(open);
      let dialog = await screen.findByRole('dialog', { name: 'Open invoice.pdf.exe?' });
      expect(
        within(dialog).getByText(
          'invoice.pdf.exe is a Windows program: it can run code on your computer. Open it only if you trust where it came from.',
        ),
      ).toBeTruthy();
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(bridge.callsTo('documents.open')).toEqual([{ id: exe.id }]);
      expect(opened).toEqual([]);

      // Second time: confirmed, so the page calls again with confirm and opens the file.
      await user.click(open);
      dialog = await screen.findByRole('dialog', { name: 'Open invoice.pdf.exe?' });
      await user.click(within(dialog).getByRole('button', { name: 'Open anyway' }));
      await waitFor(() => expect(opened).toEqual(['http://127.0.0.1:4567/files/abc?token=t']));
      expect(bridge.callsTo('documents.open').at(-1)).toEqual({ id: exe.id, confirm: true });
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      window.open = originalOpen;
    }
  });

  it('shows a document opened from the command palette in its own folder', async () => {
    const bridge = signedInBridge();
    const priceLists = bridge.data.folders.find((f) => f.name === 'Price lists')!;
    const document = bridge.data.documents.find((d) => d.folderId === priceLists.id)!;
    bridge.handle('search.global', () => [
      { type: 'document', total: 1, more: false, hits: [{ id: document.id, title: document.title, subtitle: document.name }] },
    ]);
    const { user } = renderApp(bridge);
    await screen.findByRole('navigation', { name: 'Main' });

    await user.keyboard('{Control>}k{/Control}');
    await user.type(
      await screen.findByRole('combobox', { name: 'Search everything or type a command' }),
      document.title,
    );
    await user.keyboard('{Enter}');

    const tree = await screen.findByRole('tree', { name: 'Folders' });
    await waitFor(() =>
      expect(within(tree).getByRole('treeitem', { name: 'Price lists' }).getAttribute('aria-selected')).toBe('true'),
    );
    const details = screen.getByRole('region', { name: 'Document details' });
    expect(await within(details).findByRole('heading', { name: document.title })).toBeTruthy();
  });
});
