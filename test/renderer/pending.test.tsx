import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry, SyncStatus } from '../../preload/contract';
import { companiesOf, installContactFakes, outboxEntry } from './fakes-contacts';
import { renderApp, signedInBridge } from './render-app';

function status(overrides: Partial<SyncStatus>): SyncStatus {
  return {
    state: 'idle',
    phase: null,
    counts: {},
    lastSyncedAt: new Date().toISOString(),
    message: null,
    nextRetryAt: null,
    pendingCount: 0,
    ...overrides,
  };
}

/** A bridge with a waiting, a refused and a conflicting edit of contacts, and a waiting note. */
function bridgeWithOutbox() {
  const bridge = signedInBridge();
  const fakes = installContactFakes(bridge);
  const [waiting, refused, conflicted] = bridge.data.contacts;
  const [oldCompany, newCompany] = companiesOf(bridge);
  fakes.outbox = [
    outboxEntry(1, waiting.id, 'waiting', { summary: `Edit contact ${waiting.firstName} ${waiting.lastName}` }),
    outboxEntry(2, refused.id, 'refused', {
      summary: `New contact ${refused.firstName} ${refused.lastName}`,
      message: 'The request has fields that are not valid.',
      fieldErrors: [{ pointer: '/email', message: 'is already used by another contact' }],
      attempts: 1,
    }),
    outboxEntry(3, conflicted.id, 'conflict', {
      summary: `Edit contact ${conflicted.firstName} ${conflicted.lastName}`,
      message: 'The service has a newer version of this record: choose what to keep.',
      conflict: {
        kind: 'fields',
        fields: [
          { field: 'phone', base: '+1 416 333 0000', mine: '+1 416 333 5476', theirs: '+1 416 333 9999' },
          { field: 'companyId', base: null, mine: oldCompany.id, theirs: newCompany.id },
        ],
      },
    }),
    outboxEntry(4, null, 'waiting', { summary: 'Note: Called about the renewal', recordType: 'comment' }),
  ];
  bridge.data.sync = status({ pendingCount: fakes.outbox.length });
  return { bridge, fakes, waiting, refused, conflicted, oldCompany, newCompany };
}

function entryNamed(panel: HTMLElement, summary: string): HTMLElement {
  return within(panel).getByRole('listitem', { name: summary });
}

describe('pending changes', () => {
  it('shows the pending count in the sync status as a button that opens the panel, with every entry in words', async () => {
    const { bridge, waiting, refused, conflicted } = bridgeWithOutbox();
    const { user } = renderApp(bridge);

    await user.click(await screen.findByRole('button', { name: '4 pending changes' }));
    const panel = await screen.findByRole('dialog', { name: 'Pending changes' });
    await within(panel).findByText(/4 changes not yet accepted by the service; 2 need your decision/);

    const first = entryNamed(panel, `Edit contact ${waiting.firstName} ${waiting.lastName}`);
    expect(first.textContent).toContain('Waiting');
    expect(first.textContent).toContain('Sent with the next sync');
    expect(within(first).getByRole('button', { name: 'Send now' })).toBeTruthy();

    const second = entryNamed(panel, `New contact ${refused.firstName} ${refused.lastName}`);
    expect(second.textContent).toContain('Refused');
    expect(second.textContent).toContain('The service said: The request has fields that are not valid.');
    expect(within(second).getByRole('list', { name: 'Fields to fix' }).textContent).toBe(
      'E-mail: is already used by another contact',
    );

    const third = entryNamed(panel, `Edit contact ${conflicted.firstName} ${conflicted.lastName}`);
    expect(third.textContent).toContain('Conflict');
    expect(within(third).getByRole('button', { name: 'Choose versions…' })).toBeTruthy();

    // A note opens no record.
    const note = entryNamed(panel, 'Note: Called about the renewal');
    expect(within(note).queryByRole('button', { name: /^Open/ })).toBeNull();

    // The list is read again when the outbox changes.
    bridge.emit('outbox.changed', { waiting: 1, sending: 0, conflict: 0, refused: 0 });
    await waitFor(() => expect(bridge.callsTo('outbox.list').length).toBeGreaterThan(1));
  });

  it('opens with P, says offline that edits are kept, and opens an entry’s record in its view', async () => {
    const { bridge, waiting } = bridgeWithOutbox();
    bridge.data.sync = status({ state: 'offline', pendingCount: 4, message: 'The service cannot be reached.' });
    const { user } = renderApp(bridge);
    await screen.findByRole('button', { name: '4 pending changes' });

    fireEvent.keyDown(window, { key: 'p' });
    const panel = await screen.findByRole('dialog', { name: 'Pending changes' });
    expect(within(panel).getByRole('note').textContent).toBe(
      'You are offline. Your changes are kept on this machine and are sent by themselves when the service can be reached again.',
    );
    const first = await within(panel).findByRole('listitem', {
      name: `Edit contact ${waiting.firstName} ${waiting.lastName}`,
    });
    expect(first.textContent).toContain('it is sent when the service can be reached again');
    // Offline, sending now cannot help: the change goes by itself once the service is back.
    expect(within(first).queryByRole('button', { name: 'Send now' })).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'Open contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pending changes' })).toBeNull());
    const details = screen.getByRole('region', { name: 'Contact details' });
    expect(
      await within(details).findByRole('heading', { name: `${waiting.firstName} ${waiting.lastName}` }),
    ).toBeTruthy();
  });

  it('sends a refused entry again, and discards one only after asking', async () => {
    const { bridge, fakes, refused } = bridgeWithOutbox();
    bridge.handle('outbox.retry', ({ id }) => fakes.outbox.find((e) => e.id === id) ?? null);
    bridge.handle('outbox.discard', ({ id }) => {
      fakes.outbox = fakes.outbox.filter((e) => e.id !== id);
      bridge.emit('outbox.changed', { waiting: 2, sending: 0, conflict: 1, refused: 0 });
      return { discarded: true };
    });
    const { user } = renderApp(bridge);
    await screen.findByRole('button', { name: /pending change/ });
    fireEvent.keyDown(window, { key: 'p' });
    const panel = await screen.findByRole('dialog', { name: 'Pending changes' });
    const summary = `New contact ${refused.firstName} ${refused.lastName}`;
    const entry = await within(panel).findByRole('listitem', { name: summary });

    await user.click(within(entry).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(bridge.callsTo('outbox.retry')).toEqual([{ id: fakes.outbox[1].id }]));

    await user.click(within(entry).getByRole('button', { name: 'Discard…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard this change?' });
    expect(confirm.textContent).toContain(`"${summary}" will not be sent`);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('outbox.discard')).toEqual([]);

    await user.click(within(entry).getByRole('button', { name: 'Discard…' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard this change?' })).getByRole('button', {
        name: 'Discard change',
      }),
    );
    await waitFor(() => expect(within(panel).queryByRole('listitem', { name: summary })).toBeNull());
    expect(bridge.callsTo('outbox.discard')).toHaveLength(1);
  });

  it('shows a field conflict side by side with the fields’ labels and sends the choice made for each', async () => {
    const { bridge, fakes, conflicted, oldCompany, newCompany } = bridgeWithOutbox();
    const entry = fakes.outbox[2];
    bridge.handle('outbox.resolve', () => ({ ...entry, state: 'waiting', conflict: null }) satisfies OutboxEntry);
    const { user } = renderApp(bridge);
    await screen.findByRole('button', { name: /pending change/ });
    fireEvent.keyDown(window, { key: 'p' });
    const panel = await screen.findByRole('dialog', { name: 'Pending changes' });
    const item = await within(panel).findByRole('listitem', {
      name: `Edit contact ${conflicted.firstName} ${conflicted.lastName}`,
    });
    await user.click(within(item).getByRole('button', { name: 'Choose versions…' }));

    const dialog = await screen.findByRole('dialog', { name: /^Choose what to keep/ });
    const phone = within(dialog).getByRole('group', { name: 'Phone' });
    expect(phone.textContent).toContain('When you started+1 416 333 0000');
    expect(within(phone).getByRole('radio', { name: 'Keep mine', description: '+1 416 333 5476' })).toBeTruthy();
    expect(within(phone).getByRole('radio', { name: 'Keep theirs', description: '+1 416 333 9999' })).toBeTruthy();
    const company = within(dialog).getByRole('group', { name: 'Company' });
    await within(company).findByText(oldCompany.name);
    expect(within(company).getByText(newCompany.name)).toBeTruthy();
    expect(within(company).getByText('empty')).toBeTruthy();

    // Every field needs a choice.
    await user.click(within(phone).getByRole('radio', { name: /Keep mine/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep these versions' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a version for Company.');
    expect(bridge.callsTo('outbox.resolve')).toEqual([]);

    await user.click(within(company).getByRole('radio', { name: /Keep theirs/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep these versions' }));
    await waitFor(() =>
      expect(bridge.callsTo('outbox.resolve')).toEqual([
        { id: entry.id, choices: { phone: 'mine', companyId: 'theirs' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Choose what to keep/ })).toBeNull());
  });

  it('offers to re-create a record deleted on the service while it was edited here', async () => {
    const { bridge, fakes, waiting } = bridgeWithOutbox();
    const deleted = outboxEntry(5, waiting.id, 'conflict', {
      summary: 'Edit contact Zoe Gone',
      conflict: { kind: 'deleted' },
    });
    fakes.outbox = [deleted];
    bridge.handle('outbox.resolve', () => ({ ...deleted, state: 'waiting', conflict: null }));
    const { user } = renderApp(bridge);
    await screen.findByRole('button', { name: /pending change/ });
    fireEvent.keyDown(window, { key: 'p' });
    const panel = await screen.findByRole('dialog', { name: 'Pending changes' });
    const item = await within(panel).findByRole('listitem', { name: 'Edit contact Zoe Gone' });
    expect(item.textContent).toContain('This contact was deleted on the service while you changed it.');

    await user.click(within(item).getByRole('button', { name: 'Decide…' }));
    const dialog = await screen.findByRole('dialog', { name: 'This contact was deleted on the service' });
    await user.click(within(dialog).getByRole('button', { name: 'Re-create it' }));
    await waitFor(() => expect(bridge.callsTo('outbox.resolve')).toEqual([{ id: deleted.id, recreate: true }]));
  });

  it('says so when nothing is pending', async () => {
    const bridge = signedInBridge();
    installContactFakes(bridge);
    renderApp(bridge);
    await screen.findByText('300 contacts');
    expect(screen.queryByRole('button', { name: /pending change/ })).toBeNull();
    fireEvent.keyDown(window, { key: 'p' });
    const panel = await screen.findByRole('dialog', { name: 'Pending changes' });
    expect(await within(panel).findByText('No pending changes')).toBeTruthy();
    expect(within(panel).getByText('Everything you changed has reached the service.')).toBeTruthy();
  });
});
