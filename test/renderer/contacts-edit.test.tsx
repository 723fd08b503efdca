import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../preload/contract';
import { companiesOf, installContactFakes, outboxEntry } from './fakes-contacts';
import { renderApp, signedInBridge } from './render-app';

/** The message tied to a control (aria-describedby), or null. */
function messageOf(control: HTMLElement): string | null {
  const id = control.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function openForm(name: RegExp | string) {
  return screen.findByRole('dialog', { name });
}

describe('contact form', () => {
  it('says next to each field what is wrong before anything is sent, then creates the contact', async () => {
    const bridge = signedInBridge();
    installContactFakes(bridge);
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');

    await user.click(screen.getByRole('button', { name: 'New contact' }));
    const dialog = await openForm('New contact');
    const form = within(dialog);
    await user.type(form.getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.type(form.getByRole('textbox', { name: 'E-mail' }), 'ada@');
    await user.type(form.getByRole('textbox', { name: 'Country' }), 'zz9');
    await user.click(form.getByRole('button', { name: 'Create contact' }));

    const lastName = form.getByRole('textbox', { name: 'Last name' });
    expect(messageOf(lastName)).toBe('Last name is required.');
    expect(lastName.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(lastName);
    expect(messageOf(form.getByRole('textbox', { name: 'E-mail' }))).toBe(
      'E-mail must be an e-mail address such as name@example.com.',
    );
    // The country field holds two characters, upper-cased.
    const country = form.getByRole('textbox', { name: 'Country' }) as HTMLInputElement;
    expect(country.value).toBe('ZZ');
    expect(form.getByRole('alert').textContent).toMatch(/Some fields need a change/);
    expect(bridge.callsTo('contacts.save')).toEqual([]);

    await user.type(lastName, 'Byron');
    expect(messageOf(lastName)).toBeNull();
    const email = form.getByRole('textbox', { name: 'E-mail' });
    await user.clear(email);
    await user.type(email, 'ada.byron@example.com');
    await user.clear(country);
    await user.type(country, 'gb');
    expect(messageOf(country)).toBe('United Kingdom');
    await user.type(form.getByRole('textbox', { name: 'Phone' }), '+44 20 7946 0018');
    await user.selectOptions(form.getByRole('combobox', { name: 'Type' }), 'Partner');

    const company = companiesOf(bridge)[2];
    const picker = form.getByRole('combobox', { name: 'Company' });
    await user.type(picker, company.name.slice(0, 5));
    const options = await within(form.getByRole('listbox', { name: 'Company' })).findAllByRole('option');
    const option = options.find((o) => o.textContent?.startsWith(company.name));
    if (!option) throw new Error(`${company.name} is not offered`);
    await user.click(option);
    expect((picker as HTMLInputElement).value).toBe(company.name);

    await user.click(form.getByRole('button', { name: 'Create contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New contact' })).toBeNull());
    expect(bridge.callsTo('contacts.save')).toEqual([
      {
        contact: {
          firstName: 'Ada',
          lastName: 'Byron',
          email: 'ada.byron@example.com',
          phone: '+44 20 7946 0018',
          jobTitle: null,
          companyId: company.id,
          type: 'partner',
          city: null,
          country: 'GB',
        },
      },
    ]);
    const details = screen.getByRole('region', { name: 'Contact details' });
    await within(details).findByRole('heading', { name: 'Ada Byron' });
    expect(within(details).getByText('Pending')).toBeTruthy();
    expect(await screen.findByText('Contact created')).toBeTruthy();
  });

  it('opens the new-contact form with N and edits the selected contact with E, sending every field', async () => {
    const bridge = signedInBridge();
    installContactFakes(bridge);
    const { user } = renderApp(bridge);
    const list = await screen.findByRole('listbox', { name: 'Contacts' });
    await screen.findByText('300 contacts');

    fireEvent.keyDown(window, { key: 'n' });
    expect(await openForm('New contact')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(list).getAllByRole('option')[1]);
    const contact = bridge.data.contacts[1];
    const details = screen.getByRole('region', { name: 'Contact details' });
    await within(details).findByRole('heading', { name: `${contact.firstName} ${contact.lastName}` });
    fireEvent.keyDown(list, { key: 'e' });
    const dialog = await openForm(`Edit ${contact.firstName} ${contact.lastName}`);
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;
    expect(phone.value).toBe(contact.phone);
    await user.clear(phone);
    await user.type(phone, '(416) 333-5476');
    const country = within(dialog).getByRole('textbox', { name: 'Country' });
    await user.clear(country);
    await user.type(country, 'CA');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [saved] = bridge.callsTo('contacts.save');
    expect(saved.contact).toMatchObject({
      id: contact.id,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      phone: '(416) 333-5476',
      companyId: contact.companyId,
      type: contact.type,
      country: 'CA',
    });
    expect(await within(details).findByText('(416) 333-5476')).toBeTruthy();
  });

  it('shows the service’s refusal next to the field it names, and saving the fix sends the change again', async () => {
    const bridge = signedInBridge();
    const fakes = installContactFakes(bridge);
    const contact = bridge.data.contacts[0];
    contact.syncState = 'refused';
    contact.country = 'DE';
    const refused = outboxEntry(1, contact.id, 'refused', {
      summary: `Edit contact ${contact.firstName} ${contact.lastName}`,
      message: 'The request has fields that are not valid.',
      fieldErrors: [{ pointer: '/email', message: 'is already used by another contact' }],
    });
    fakes.outbox = [refused];
    bridge.handle('outbox.retry', () => ({ ...refused, state: 'waiting' }));
    const { user } = renderApp(bridge);
    const list = await screen.findByRole('listbox', { name: 'Contacts' });
    await user.click(within(list).getAllByRole('option')[0]);

    const details = screen.getByRole('region', { name: 'Contact details' });
    const notice = await within(details).findByRole('region', { name: 'Changes not accepted' });
    expect(notice.textContent).toContain('The service said: The request has fields that are not valid.');
    expect(notice.textContent).toContain('E-mail: is already used by another contact');
    expect(within(details).getByText('Refused')).toBeTruthy();

    await user.click(within(notice).getByRole('button', { name: 'Fix it' }));
    const dialog = await openForm(`Edit ${contact.firstName} ${contact.lastName}`);
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(messageOf(email)).toBe('E-mail is already used by another contact.'));
    await user.clear(email);
    await user.type(email, 'ada.other@example.com');
    expect(messageOf(email)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(bridge.callsTo('outbox.retry')).toEqual([{ id: refused.id }]));
    expect(bridge.callsTo('contacts.save')[0].contact.email).toBe('ada.other@example.com');
  });

  it('shows a refusal of the core (a company no longer cached) next to the company field', async () => {
    const bridge = signedInBridge();
    installContactFakes(bridge);
    bridge.handle('contacts.save', () => {
      throw new BridgeError('invalid_input', 'That company is not in your data any more. Choose another company.', [
        { pointer: '/contact/companyId', message: 'choose a company from the list' },
      ]);
    });
    const { user } = renderApp(bridge);
    const list = await screen.findByRole('listbox', { name: 'Contacts' });
    await user.click(within(list).getAllByRole('option')[0]);
    const contact = bridge.data.contacts[0];
    contact.country = 'DE';
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await openForm(`Edit ${contact.firstName} ${contact.lastName}`);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const company = within(dialog).getByRole('combobox', { name: 'Company' });
    await waitFor(() => expect(messageOf(company)).toBe('Choose a company from the list.'));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'That company is not in your data any more. Choose another company.',
    );
    expect(screen.getByRole('dialog', { name: /^Edit / })).toBeTruthy();
  });

  it('restores an unsaved draft when the form opens again, and "Discard draft" goes back to the record', async () => {
    const bridge = signedInBridge();
    const fakes = installContactFakes(bridge);
    fakes.drafts.set('contact:new', { firstName: 'Grace', lastName: 'Hopper', jobTitle: 'Rear Admiral' });
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');

    await user.click(screen.getByRole('button', { name: 'New contact' }));
    const dialog = await openForm('New contact');
    const first = within(dialog).getByRole('textbox', { name: 'First name' }) as HTMLInputElement;
    await waitFor(() => expect(first.value).toBe('Grace'));
    expect((within(dialog).getByRole('textbox', { name: 'Job title' }) as HTMLInputElement).value).toBe('Rear Admiral');
    expect(within(dialog).getByRole('note').textContent).toMatch(/Restored the changes you had not saved/);

    // Typing keeps the draft; closing with Escape keeps it too.
    await user.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Arlington');
    await waitFor(() => expect(fakes.drafts.get('contact:new')).toMatchObject({ city: 'Arlington' }));

    await user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    expect(first.value).toBe('');
    await waitFor(() => expect(fakes.drafts.has('contact:new')).toBe(false));
  });

  it('keeps the last keystrokes as a draft when the window goes away right after them', async () => {
    const bridge = signedInBridge();
    const fakes = installContactFakes(bridge);
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');
    await user.click(screen.getByRole('button', { name: 'New contact' }));
    const dialog = await openForm('New contact');

    // Typed and the window closed at once: no time for the half-second draft timer.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Last name' }), { target: { value: 'Lovelace' } });
    window.dispatchEvent(new Event('pagehide'));
    // Well before the timer's 500 ms would have kept it.
    await waitFor(() => expect(fakes.drafts.get('contact:new')).toMatchObject({ lastName: 'Lovelace' }), {
      timeout: 200,
    });
  });
});
