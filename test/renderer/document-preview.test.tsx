/**
 * The document preview dialog (renderer/src/views/documents/preview/): a PDF's pages turned with
 * PageDown / PageUp and zoomed with + / -, an image, text shown as text (markup not rendered), a
 * refused type with Download, the core's "needs the service" words, and Escape closing the dialog
 * with the focus back on the Preview button. pdf.js itself is replaced by a fake here (jsdom has no
 * canvas); the end-to-end test draws real pages in Chromium.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BridgeError, type DocumentDetail, type DocumentPreview } from '../../preload/contract';
import { handleDocumentWorkflow, pickDocument } from './fakes-documents';
import { renderApp, signedInBridge } from './render-app';

const rendered: Array<{ page: number; scale: number }> = [];
/** The error the fake pdf.js opens with (null: it opens a three-page PDF). */
let openFailure: Error | null = null;

vi.mock('../../renderer/src/views/documents/preview/pdf-loader', () => ({
  openPdf: async () => {
    if (openFailure) throw openFailure;
    return {
      pageCount: 3,
      pageWidth: async () => 400,
      renderPage: (page: number, _canvas: unknown, scale: number) => {
        rendered.push({ page, scale });
        return { promise: Promise.resolve(), cancel: () => undefined };
      },
      close: () => undefined,
    };
  },
}));

type User = ReturnType<typeof renderApp>['user'];

/** A preview answer for `document` showing `text` as `kind`. */
function previewOf(
  document: DocumentDetail,
  kind: DocumentPreview['kind'],
  contentType: string,
  text: string,
): DocumentPreview {
  const bytes = new TextEncoder().encode(text);
  return {
    id: document.id,
    name: document.name,
    kind,
    contentType,
    size: bytes.byteLength,
    base64: btoa(String.fromCharCode(...bytes)),
    shownBytes: bytes.byteLength,
    refusal: null,
    source: 'service',
    fetchedAt: new Date().toISOString(),
  };
}

/** Opens the Documents view, the document titled `title` and its preview; returns the dialog. */
async function openPreview(user: User, title: string) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: 'Documents' }));
  const tree = await screen.findByRole('tree', { name: 'Folders' });
  await user.click(within(tree).getByRole('treeitem', { name: 'Contracts' }));
  const list = await screen.findByRole('listbox', { name: 'Documents' });
  await user.click(await within(list).findByRole('option', { name: (name) => name.startsWith(title) }));
  const details = await screen.findByRole('region', { name: 'Document details' });
  await within(details).findByRole('heading', { name: title });
  await user.click(within(details).getByRole('button', { name: 'Preview' }));
  return screen.findByRole('dialog', { name: `Preview of ${title}` });
}

/** Closes the dialog as the browser does on Escape (a `cancel` event on the `<dialog>`). */
function pressEscape(dialog: HTMLElement) {
  fireEvent(dialog, new Event('cancel', { cancelable: true }));
}

function setUp(title: string, answer: (document: DocumentDetail) => DocumentPreview | Error) {
  const bridge = signedInBridge();
  const document = pickDocument(bridge, 'Contracts', 'draft', title);
  handleDocumentWorkflow(bridge);
  bridge.handle('documents.preview', () => {
    const result = answer(document);
    if (result instanceof Error) throw result;
    return result;
  });
  return { document, ...renderApp(bridge) };
}

describe('document preview', () => {
  it('turns a PDF’s pages with PageDown and PageUp, zooms with + and -, and Escape gives the focus back', async () => {
    rendered.length = 0;
    const { user, bridge, document } = setUp('Offer Lisbon', (d) => previewOf(d, 'pdf', 'application/pdf', '%PDF-1.7'));
    const dialog = await openPreview(user, 'Offer Lisbon');
    expect(bridge.callsTo('documents.preview')).toEqual([{ id: document.id }]);
    await within(dialog).findByText('Page 1 of 3');
    expect(within(dialog).getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);

    await user.keyboard('{PageDown}');
    await within(dialog).findByText('Page 2 of 3');
    await user.keyboard('{PageDown}{PageDown}');
    await within(dialog).findByText('Page 3 of 3');
    expect(within(dialog).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    await user.keyboard('{PageUp}');
    await within(dialog).findByText('Page 2 of 3');
    await waitFor(() => expect(rendered.at(-1)?.page).toBe(2));

    // The test set-up gives every element 800 px: "fit" is (800 - 24) / 400 = 194%; + steps to 200%,
    // - twice to 125%, Fit width back to 194%.
    expect(within(dialog).getByText('194%')).toBeTruthy();
    await user.keyboard('+');
    await within(dialog).findByText('200%');
    await waitFor(() => expect(rendered.at(-1)).toEqual({ page: 2, scale: 2 }));
    await user.keyboard('--');
    await within(dialog).findByText('125%');
    await user.click(within(dialog).getByRole('button', { name: 'Fit width' }));
    await within(dialog).findByText('194%');

    pressEscape(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(globalThis.document.activeElement?.textContent).toBe('Preview');
  });

  it('says so when a PDF is protected by a password', async () => {
    openFailure = Object.assign(new Error('No password given'), { name: 'PasswordException' });
    try {
      const { user } = setUp('Locked offer', (d) => previewOf(d, 'pdf', 'application/pdf', '%PDF-1.7'));
      const dialog = await openPreview(user, 'Locked offer');
      expect(await within(dialog).findByText(/This PDF is protected by a password/)).toBeTruthy();
    } finally {
      openFailure = null;
    }
  });

  it('shows an image from its bytes as a data: URL', async () => {
    const { user } = setUp('Booth photo', (d) => previewOf(d, 'image', 'image/png', 'not really a png'));
    const dialog = await openPreview(user, 'Booth photo');
    const image = await within(dialog).findByRole('img', { name: 'Booth photo' });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${btoa('not really a png')}`);
    pressEscape(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows text as plain text and says when only its first part is shown', async () => {
    const markup = '<h1>Terms</h1><script>alert(1)</script>';
    const { user } = setUp('Terms page', (d) => ({
      ...previewOf(d, 'text', 'text/html', markup),
      size: 3_200_000,
    }));
    const dialog = await openPreview(user, 'Terms page');
    expect(await within(dialog).findByText(markup)).toBeTruthy();
    expect(dialog.querySelector('h1, script')).toBeNull();
    expect(within(dialog).getByText(/Shown: the first 39 bytes of 3.2 MB\./)).toBeTruthy();
  });

  it('says why a type is not previewed, with Download', async () => {
    const { user, bridge, document } = setUp('Price workbook', (d) => ({
      ...previewOf(d, 'unsupported', 'application/vnd.ms-excel', ''),
      base64: null,
      source: null,
      refusal: 'Excel workbooks cannot be previewed here. Download the document and open it with its own program.',
    }));
    const dialog = await openPreview(user, 'Price workbook');
    await within(dialog).findByText(/Excel workbooks cannot be previewed here/);
    await user.click(within(dialog).getByRole('button', { name: `Download ${document.name}` }));
    await waitFor(() => expect(bridge.callsTo('documents.download')).toEqual([{ id: document.id }]));
    expect(await within(dialog).findByText(/The download has started/)).toBeTruthy();
  });

  it('shows the core’s words when the preview needs the service', async () => {
    const { user } = setUp(
      'Never seen',
      () => new BridgeError('offline', 'This preview needs the BRM service, which cannot be reached now.'),
    );
    const dialog = await openPreview(user, 'Never seen');
    expect(
      await within(dialog).findByText('This preview needs the BRM service, which cannot be reached now.'),
    ).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
