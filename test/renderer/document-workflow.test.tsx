import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BridgeError, type OutboxEntry } from '../../preload/contract';
import { handleDocumentWorkflow, pickDocument } from './fakes-documents';
import { renderApp, signedInBridge } from './render-app';

type User = ReturnType<typeof renderApp>['user'];

/** Opens the Documents view, folder `folderName`, and the document titled `title`; returns its details region. */
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

describe('document workflow', () => {
  it('edits the title with the contract’s rules: an empty title is refused next to its field, a fix is saved', async () => {
    const bridge = signedInBridge();
    const document = pickDocument(bridge, 'Contracts', 'draft', 'Offer Lisbon');
    handleDocumentWorkflow(bridge);
    const { user } = renderApp(bridge);
    const details = await openDocument(user, 'Contracts', 'Offer Lisbon');

    await user.click(within(details).getByRole('button', { name: 'Edit…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Offer Lisbon' });
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(/^Title/, { selector: '.form-field-error' })).toBeTruthy();
    expect(bridge.callsTo('documents.save')).toEqual([]);

    await user.type(title, 'Offer Lisbon v2');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(bridge.callsTo('documents.save')).toEqual([{ document: { id: document.id, title: 'Offer Lisbon v2' } }]),
    );
    expect(await within(details).findByRole('heading', { name: 'Offer Lisbon v2' })).toBeTruthy();
    expect(within(details).getByText('Pending')).toBeTruthy();
  });

  it('rejects only with a comment, and shows a refused approval in the core’s words', async () => {
    const bridge = signedInBridge();
    const document = pickDocument(bridge, 'Contracts', 'pendingApproval', 'Contract Porto');
    handleDocumentWorkflow(bridge);
    const { user } = renderApp(bridge);
    const details = await openDocument(user, 'Contracts', 'Contract Porto');

    await user.click(within(details).getByRole('button', { name: 'Reject Contract Porto…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Contract Porto' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    expect(within(dialog).getByText(/Say why it is rejected/)).toBeTruthy();
    expect(bridge.callsTo('documents.reject')).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Why is it rejected/ }),
      'Payment terms must be 30 days.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    await waitFor(() =>
      expect(bridge.callsTo('documents.reject')).toEqual([
        { id: document.id, comment: 'Payment terms must be 30 days.' },
      ]),
    );
    expect(await screen.findByText('Rejected Contract Porto')).toBeTruthy();
    expect(await within(details).findByText(/Rejected: change it and submit it for approval again/)).toBeTruthy();

    document.state = 'pendingApproval';
    bridge.emit('data.changed', { types: ['document'] });
    bridge.handle('documents.approve', () => {
      throw new BridgeError(
        'conflict',
        'Approving was refused: the document is approved on the service now. An approved document stays approved; clone it to make a new draft.',
      );
    });
    await user.click(await within(details).findByRole('button', { name: 'Approve Contract Porto' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve Contract Porto' });
    await user.click(within(approve).getByRole('button', { name: 'Approve document' }));
    expect((await within(approve).findByRole('alert')).textContent).toMatch(
      /the document is approved on the service now/,
    );
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    const bridge = signedInBridge();
    const document = pickDocument(bridge, 'Contracts', 'draft', 'Old brochure');
    handleDocumentWorkflow(bridge);
    const { user } = renderApp(bridge);
    const details = await openDocument(user, 'Contracts', 'Old brochure');

    await user.click(within(details).getByRole('button', { name: 'Delete…' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete Old brochure?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('documents.delete')).toEqual([]);
    await user.click(within(details).getByRole('button', { name: 'Delete…' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Old brochure?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(bridge.callsTo('documents.delete')).toEqual([{ id: document.id }]));
  });

  it('lists related documents that open, shows the summary, and says why a zip could not be unpacked', async () => {
    const bridge = signedInBridge();
    const zip = pickDocument(bridge, 'Contracts', 'draft', 'Sales kit');
    Object.assign(zip, { name: 'sales-kit.zip', contentType: 'application/zip' });
    const entry = pickDocument(bridge, 'Price lists', 'approved', 'Prices 2026');
    handleDocumentWorkflow(bridge);
    bridge.handle('documents.related', () => ({
      value: [
        {
          id: 'r1',
          kind: 'archiveEntry',
          document: { ...entry, title: 'Prices 2026' },
        },
      ],
      fetchedAt: new Date().toISOString(),
    }));
    bridge.handle('documents.summary', () => ({
      value: {
        summary: {
          documentId: zip.id,
          documentVersion: 1,
          method: 'extractive',
          sentences: [],
          summary: 'The kit holds the price list and the terms.',
          wordCount: 120,
          language: 'en',
          truncated: false,
          generatedAt: new Date().toISOString(),
        },
        unavailable: null,
      },
      fetchedAt: new Date().toISOString(),
    }));
    bridge.handle('documents.unpack', () => {
      throw new BridgeError(
        'invalid_input',
        'sales-kit.zip could not be unpacked: entry ../evil.txt has a .. segment. Nothing was unpacked.',
      );
    });
    const { user } = renderApp(bridge);
    const details = await openDocument(user, 'Contracts', 'Sales kit');

    expect(await within(details).findByText('The kit holds the price list and the terms.')).toBeTruthy();
    await user.click(within(details).getByRole('button', { name: 'Unpack zip' }));
    expect(
      await within(details).findByText(/entry \.\.\/evil\.txt has a \.\. segment\. Nothing was unpacked\./),
    ).toBeTruthy();

    await user.click(within(details).getByRole('button', { name: 'Prices 2026' }));
    expect(await within(details).findByRole('heading', { name: 'Prices 2026' })).toBeTruthy();
    const tree = screen.getByRole('tree', { name: 'Folders' });
    await waitFor(() =>
      expect(within(tree).getByRole('treeitem', { name: 'Price lists' }).getAttribute('aria-selected')).toBe('true'),
    );
  });

  it('approves from the notification that asks for it', async () => {
    const bridge = signedInBridge();
    const document = pickDocument(bridge, 'Contracts', 'pendingApproval', 'Quote Faro');
    handleDocumentWorkflow(bridge);
    const [first] = bridge.data.notifications;
    Object.assign(first, {
      kind: 'documentAwaitingApproval',
      title: 'Approval needed: Quote Faro',
      resourceType: 'document',
      resourceId: document.id,
    });
    const { user } = renderApp(bridge);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Notifications' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });

    await user.click(await within(list).findByRole('button', { name: 'Approve Quote Faro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Quote Faro' });
    await user.type(within(dialog).getByRole('textbox', { name: /Comment for the owner/ }), 'Good to go.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve document' }));
    await waitFor(() =>
      expect(bridge.callsTo('documents.approve')).toEqual([{ id: document.id, comment: 'Good to go.' }]),
    );
    expect(await within(list).findByText('Now: Approved.')).toBeTruthy();
  });
});

describe('document workflow offline and after a refusal', () => {
  it('says that a decision needs the service while offline, and keeps Edit available', async () => {
    const bridge = signedInBridge();
    pickDocument(bridge, 'Contracts', 'pendingApproval', 'Offer Braga');
    handleDocumentWorkflow(bridge);
    bridge.data.sync = { ...bridge.data.sync, state: 'offline' };
    const { user } = renderApp(bridge);
    const details = await openDocument(user, 'Contracts', 'Offer Braga');

    const approve = within(details).getByRole('button', { name: 'Approve Offer Braga' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    expect(within(details).getByText(/Approving and rejecting: Needs a connection to the service/)).toBeTruthy();
    expect((within(details).getByRole('button', { name: 'Edit…' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the service’s refusal of an edit next to its field, and saving the fix sends it again', async () => {
    const bridge = signedInBridge();
    const document = pickDocument(bridge, 'Contracts', 'draft', 'Offer Evora');
    document.syncState = 'refused';
    handleDocumentWorkflow(bridge);
    const refused: OutboxEntry = {
      id: 'e1',
      summary: 'Edit document Offer Evora',
      kind: 'update',
      recordType: 'document',
      recordId: document.id,
      state: 'refused',
      message: 'The BRM service answered 400: the request has fields that are not valid.',
      fieldErrors: [{ pointer: '/body/title', message: 'must not contain control characters' }],
      conflict: null,
      attempts: 1,
      createdAt: new Date().toISOString(),
    };
    bridge.handle('outbox.list', () => [refused]);
    bridge.handle('outbox.retry', () => ({ ...refused, state: 'waiting' }));
    const { user } = renderApp(bridge);
    const details = await openDocument(user, 'Contracts', 'Offer Evora');

    const notice = await within(details).findByRole('region', { name: 'Changes not accepted' });
    expect(within(details).getByText('Refused')).toBeTruthy();
    await user.click(within(notice).getByRole('button', { name: 'Fix it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Offer Evora' });
    expect(await within(dialog).findByText('Title: must not contain control characters.')).toBeTruthy();
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Offer Evora 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bridge.callsTo('outbox.retry')).toEqual([{ id: 'e1' }]));
    expect(bridge.callsTo('documents.save')).toEqual([{ document: { id: document.id, title: 'Offer Evora 2026' } }]);
  });

  it('queues a clone and says when the copy appears', async () => {
    const bridge = signedInBridge();
    const document = pickDocument(bridge, 'Contracts', 'approved', 'Price sheet');
    handleDocumentWorkflow(bridge);
    const { user } = renderApp(bridge);
    const details = await openDocument(user, 'Contracts', 'Price sheet');
    await user.click(within(details).getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(bridge.callsTo('documents.clone')).toEqual([{ id: document.id }]));
    expect(await screen.findByText('The copy appears in the folder in a moment.')).toBeTruthy();
  });
});

describe('submitting for approval', () => {
  it('asks whom to submit to first, then submits with the note and shows the round', async () => {
    const bridge = signedInBridge();
    const document = pickDocument(bridge, 'Contracts', 'draft', 'Offer Sintra');
    handleDocumentWorkflow(bridge);
    const approver = bridge.data.contacts[3];
    bridge.handle('documents.submit', ({ id }) => {
      const found = bridge.data.documents.find((d) => d.id === id)!;
      found.state = 'pendingApproval';
      bridge.emit('data.changed', { types: ['document'] });
      return found;
    });
    const { user } = renderApp(bridge);
    const details = await openDocument(user, 'Contracts', 'Offer Sintra');

    await user.click(within(details).getByRole('button', { name: 'Submit for approval…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Offer Sintra for approval' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit for approval' }));
    expect(within(dialog).getByText('Choose who approves the document.')).toBeTruthy();
    expect(bridge.callsTo('documents.submit')).toEqual([]);

    await user.type(within(dialog).getByRole('combobox', { name: 'Approver' }), approver.lastName);
    await user.click(
      await within(dialog).findByRole('option', {
        name: (name) => name.startsWith(`${approver.firstName} ${approver.lastName}`),
      }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Note for the approver/ }), 'Prices as agreed.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() =>
      expect(bridge.callsTo('documents.submit')).toEqual([
        { id: document.id, request: { approverId: approver.id, comment: 'Prices as agreed.' } },
      ]),
    );
    expect(await within(details).findByText('Awaiting approval.')).toBeTruthy();
  });
});
