/**
 * The Audit trail view: the service's records newest first with names, filters sent to the core,
 * older pages added on request, a refusal in words (not an empty list), and a contact page's
 * "History" opening the trail narrowed to that contact.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditRow, installAudit, installMe } from './fakes-admin';
import { renderApp, signedInBridge } from './render-app';

type User = ReturnType<typeof renderApp>['user'];

async function openAudit(user: User) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: /^Audit trail/ }));
  return screen.findByRole('heading', { name: 'Audit trail', level: 1 });
}

describe('audit trail view', () => {
  it('lists the records newest first, adds older pages and narrows by the person picked', async () => {
    const bridge = signedInBridge();
    const me = installMe(bridge, ['sales', 'manager']);
    const someone = bridge.data.contacts[7];
    someone.lastName = 'Zyskowski';
    installAudit(
      bridge,
      [
        [
          auditRow(1, me.id, 1),
          auditRow(2, someone.id, 5, { actorName: 'Another Person', status: 403, summary: 'Delete Contact' }),
        ],
        [auditRow(3, me.id, 60)],
      ],
      { ownId: me.id, seesAll: true },
    );
    const { user } = renderApp(bridge);
    await openAudit(user);
    const table = await screen.findByRole('table', { name: 'Audit records, newest first' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(2);
    expect(rows()[0].textContent).toContain('Saves a user (change 1)');
    expect(rows()[0].textContent).toContain('Dana Demo');
    expect(rows()[1].textContent).toContain('Refused (403)');
    expect(screen.getByText('Every change on the service, newest first.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show older records' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(bridge.callsTo('audit.trail').at(-1)).toEqual({ filter: {}, cursor: 'cursor-1' });
    expect(await screen.findByText('That is every record that matches.')).toBeTruthy();

    // Narrowed to one person: the core is asked with their id, from the first page again.
    const actor = screen.getByRole('combobox', { name: 'Done by' });
    await user.type(actor, someone.lastName);
    await user.click(await screen.findByRole('option', { name: new RegExp(someone.lastName) }));
    await waitFor(() => expect(bridge.callsTo('audit.trail').at(-1)).toEqual({ filter: { actorId: someone.id } }));
    await waitFor(() =>
      expect(
        screen.getByRole('table', { name: 'Audit records, newest first' }).querySelectorAll('tbody tr'),
      ).toHaveLength(1),
    );
    const narrowed = screen.getByRole('table', { name: 'Audit records, newest first' });
    expect(within(narrowed).getAllByRole('row')[1].textContent).toContain('Delete Contact');
  });

  it("says in words that the service refuses a sales user another person's records, not an empty list", async () => {
    const bridge = signedInBridge();
    const me = installMe(bridge, ['sales']);
    const someone = bridge.data.contacts[3];
    someone.lastName = 'Quennell';
    installAudit(bridge, [[auditRow(1, me.id, 1)]], { ownId: me.id, seesAll: false });
    const { user } = renderApp(bridge);
    await openAudit(user);
    expect(await screen.findByText(/Your own changes, newest first/)).toBeTruthy();
    await user.type(screen.getByRole('combobox', { name: 'Done by' }), someone.lastName);
    await user.click(await screen.findByRole('option', { name: new RegExp(someone.lastName) }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service does not show you this trail.');
    expect(alert.textContent).toContain('Only managers and admins may read the audit records of other users.');
    expect(screen.queryByRole('table', { name: 'Audit records, newest first' })).toBeNull();
  });

  it("opens the trail of a contact from the contact's page, narrowed to it, and clears it", async () => {
    const bridge = signedInBridge();
    const me = installMe(bridge, ['manager']);
    const contact = bridge.data.contacts[0];
    installAudit(bridge, [[auditRow(1, me.id, 1, { resourceId: contact.id }), auditRow(2, me.id, 2)]], {
      ownId: me.id,
      seesAll: true,
    });
    const { user } = renderApp(bridge);
    const list = await screen.findByRole('listbox', { name: 'Contacts' });
    await user.click(within(list).getAllByRole('option')[0]);
    await user.click(await screen.findByRole('button', { name: /^History: who changed it and when/ }));
    await screen.findByRole('heading', { name: 'Audit trail', level: 1 });
    await waitFor(() =>
      expect(bridge.callsTo('audit.trail').at(-1)).toEqual({
        filter: { resourceType: 'contact', resourceId: contact.id },
      }),
    );
    const record = screen.getByRole('combobox', { name: 'Record' }) as HTMLInputElement;
    await waitFor(() => expect(record.value).toBe(`${contact.firstName} ${contact.lastName}`));
    const table = await screen.findByRole('table', { name: 'Audit records, newest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(bridge.callsTo('audit.trail').at(-1)).toEqual({ filter: {} }));
  });

  it('narrows the trail to whole days, the last one included, and says when the days are the wrong way round', async () => {
    const bridge = signedInBridge();
    const me = installMe(bridge, ['admin']);
    installAudit(bridge, [[auditRow(1, me.id, 1)]], { ownId: me.id, seesAll: true });
    const { user } = renderApp(bridge);
    await openAudit(user);
    await screen.findByRole('table', { name: 'Audit records, newest first' });
    fireEvent.change(screen.getByLabelText('From (day)'), { target: { value: '2026-11-02' } });
    fireEvent.change(screen.getByLabelText('Up to and including'), { target: { value: '2026-11-03' } });
    await waitFor(() =>
      expect(bridge.callsTo('audit.trail').at(-1)).toEqual({
        filter: {
          from: new Date('2026-11-02T00:00:00').toISOString(),
          to: new Date('2026-11-04T00:00:00').toISOString(),
        },
      }),
    );
    fireEvent.change(screen.getByLabelText('Up to and including'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('The last day is before the first.')).toBeTruthy();
    await waitFor(() => expect(bridge.callsTo('audit.trail').at(-1)).toEqual({ filter: {} }));
  });
});
