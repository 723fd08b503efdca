/**
 * Export templates in the Export dialog: choosing columns (ticks, Move up/down buttons, Alt+Arrow
 * keys) and the delimiter sends them with the export; "Save as template…" names and saves the
 * choices; picking a template fills the choices; "Delete template" asks first and deletes it; the
 * dialog says that templates saved from other computers are not listed.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExportTemplateItem } from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { queuedDownload } from './fakes-transfers';
import { renderApp, signedInBridge } from './render-app';

/** Answers the template calls from a list kept here, as the core would (announcing outbox changes). */
function installTemplates(bridge: FakeBridge, initial: ExportTemplateItem[] = []): ExportTemplateItem[] {
  const items = [...initial];
  const announce = () => bridge.emit('outbox.changed', { waiting: 1, sending: 0, conflict: 0, refused: 0 });
  bridge.handle('exports.templates', () => items);
  bridge.handle('exports.saveTemplate', ({ key, template }) => {
    const item: ExportTemplateItem = {
      key: key ?? crypto.randomUUID(),
      name: template.name,
      target: template.target,
      columns: [...template.columns],
      delimiter: template.delimiter ?? ',',
      saved: null,
      pending: { entryId: crypto.randomUUID(), action: 'save', state: 'waiting', message: null },
      createdAs: null,
    };
    const at = items.findIndex((t) => t.key === item.key);
    if (at >= 0) items[at] = item;
    else items.push(item);
    announce();
    return item;
  });
  bridge.handle('exports.deleteTemplate', ({ key }) => {
    items.splice(
      items.findIndex((t) => t.key === key),
      1,
    );
    announce();
    return { deleted: true };
  });
  return items;
}

const transfer = queuedDownload('contacts-2026-11-24.csv');

/** Renders the app on `bridge` and opens "Export…" from the Contacts view. */
async function openExportDialog(bridge: FakeBridge) {
  const { user } = renderApp(bridge);
  await user.click(await screen.findByRole('button', { name: 'Export…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Export' });
  return { user, dialog };
}

/** The column names of the list, in order, and which are ticked. */
function columnsShown(dialog: HTMLElement) {
  const list = within(dialog).getByRole('group', { name: /^Columns/ });
  return within(list)
    .getAllByRole('checkbox')
    .map(
      (box) =>
        `${(box as HTMLInputElement).checked ? '+' : '-'}${box.closest('label')!.querySelector('code')!.textContent}`,
    );
}

describe('export templates', () => {
  it('sends the chosen columns in the chosen order and delimiter with the export', async () => {
    const bridge = signedInBridge();
    installTemplates(bridge);
    bridge.handle('exports.start', () => transfer);
    const { user, dialog } = await openExportDialog(bridge);
    expect(
      within(dialog).getByText(/Templates saved from other computers are not listed: the BRM service offers no list/),
    ).toBeTruthy();
    expect(columnsShown(dialog).slice(0, 4)).toEqual(['+id', '+firstName', '+lastName', '+email']);

    // Keep e-mail, last name and first name only, e-mail first, with a semicolon.
    for (const box of within(dialog).getAllByRole('checkbox', { name: /^(?!E-mail|Email|Last name|First name)/ })) {
      if (box.closest('ol')) await user.click(box);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Move Email up' }));
    const email = within(dialog).getByRole('checkbox', { name: /^Email/ });
    email.focus();
    fireEvent.keyDown(email, { key: 'ArrowUp', altKey: true });
    fireEvent.keyDown(email, { key: 'ArrowUp', altKey: true });
    // At the top already: it stays.
    fireEvent.keyDown(email, { key: 'ArrowUp', altKey: true });
    expect(columnsShown(dialog).slice(0, 4)).toEqual(['+email', '-id', '+firstName', '+lastName']);
    await user.click(within(dialog).getByRole('radio', { name: /^Semicolon/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(bridge.callsTo('exports.start')).toHaveLength(1));
    expect(bridge.callsTo('exports.start')[0]).toEqual({
      target: 'contacts',
      raw: false,
      bom: false,
      columns: ['email', 'firstName', 'lastName'],
      delimiter: ';',
    });
  });

  it('saves the choices as a template, picks a template to fill them, and deletes it after asking', async () => {
    const bridge = signedInBridge();
    const saved: ExportTemplateItem = {
      key: crypto.randomUUID(),
      name: 'Phone list',
      target: 'contacts',
      columns: ['phone', 'lastName'],
      delimiter: '\t',
      saved: {
        id: crypto.randomUUID(),
        version: 3,
        ownerId: crypto.randomUUID(),
        createdAt: '2026-11-01T10:00:00Z',
        updatedAt: '2026-11-02T10:00:00Z',
      },
      pending: null,
      createdAs: null,
    };
    const companiesTemplate: ExportTemplateItem = {
      ...saved,
      key: crypto.randomUUID(),
      name: 'Firms',
      target: 'companies',
      columns: ['name'],
    };
    const refused: ExportTemplateItem = {
      ...saved,
      key: crypto.randomUUID(),
      name: 'Mailing list',
      saved: null,
      pending: {
        entryId: crypto.randomUUID(),
        action: 'save',
        state: 'refused',
        message: 'A contacts export template named "Mailing list" exists already; choose another name.',
      },
    };
    const beingDeleted: ExportTemplateItem = {
      ...saved,
      key: crypto.randomUUID(),
      name: 'Old list',
      pending: { entryId: crypto.randomUUID(), action: 'delete', state: 'waiting', message: null },
    };
    const items = installTemplates(bridge, [saved, companiesTemplate, refused, beingDeleted]);
    const { user, dialog } = await openExportDialog(bridge);
    const picker = within(dialog).getByRole('combobox', { name: 'Saved template' }) as HTMLSelectElement;
    // Only the contacts export's templates are offered, not one whose delete waits.
    await waitFor(() =>
      expect([...picker.options].map((o) => o.textContent)).toEqual([
        'None: choose the columns below',
        'Phone list',
        'Mailing list (refused)',
      ]),
    );

    // A template the service refused says so in its words.
    await user.selectOptions(picker, refused.key);
    expect(within(dialog).getByRole('status').textContent).toBe(
      'The BRM service refused this template: A contacts export template named "Mailing list" exists already; choose another name. Change it and save again, or discard the change in Pending changes.',
    );
    await user.selectOptions(picker, '');

    // Save the current choices (country dropped, a tab) under a new name.
    await user.click(within(dialog).getByRole('checkbox', { name: /^Country/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Tab' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save as template…' }));
    const naming = await screen.findByRole('dialog', { name: 'Save as template' });
    await user.click(within(naming).getByRole('button', { name: 'Save template' }));
    expect(within(naming).getByText('Give the template a name.')).toBeTruthy();
    await user.type(within(naming).getByRole('textbox', { name: /Template name/ }), 'Everyone but the country');
    await user.click(within(naming).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save as template' })).toBeNull());
    // Saving a template starts no export, and the Export dialog stays.
    expect(bridge.callsTo('exports.start')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Export' })).toBeTruthy();
    const [call] = bridge.callsTo('exports.saveTemplate');
    expect(call.key).toBeUndefined();
    expect(call.template).toMatchObject({ name: 'Everyone but the country', target: 'contacts', delimiter: '\t' });
    expect(call.template.columns).not.toContain('country');
    expect(call.template.columns).toHaveLength(14);
    expect(
      await within(dialog).findByText(
        'Saved on this computer; it is sent to the BRM service as soon as it can be reached.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(picker.selectedOptions[0].textContent).toBe('Everyone but the country (not sent yet)'));

    // Picking a template fills the columns (its own first, in its order) and its delimiter.
    await user.selectOptions(picker, saved.key);
    expect(columnsShown(dialog).slice(0, 3)).toEqual(['+phone', '+lastName', '-id']);
    expect(columnsShown(dialog).filter((c) => c.startsWith('+'))).toHaveLength(2);
    expect((within(dialog).getByRole('radio', { name: 'Tab' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('Saved on the BRM service too.')).toBeTruthy();

    // Deleting asks first; Cancel keeps it.
    await user.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete template?' });
    expect(confirm.textContent).toContain(
      'The template "Phone list" is deleted on this computer and on the BRM service.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('exports.deleteTemplate')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete template?' })).getByRole('button', {
        name: 'Delete template',
      }),
    );
    await waitFor(() => expect(bridge.callsTo('exports.deleteTemplate')).toEqual([{ key: saved.key }]));
    expect(items.map((t) => t.name)).toEqual(['Firms', 'Mailing list', 'Old list', 'Everyone but the country']);
    await waitFor(() =>
      expect([...picker.options].map((o) => o.textContent)).toEqual([
        'None: choose the columns below',
        'Mailing list (refused)',
        'Everyone but the country (not sent yet)',
      ]),
    );
    expect(picker.value).toBe('');
  });
});
