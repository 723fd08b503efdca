/**
 * Branches on a company's page: listed with their kind and place, added in a form checked against
 * the contract's BranchSave before anything is queued (each message next to its field), shown
 * "Pending" once queued, and deleted only after the user confirms.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installBranches } from './fakes-branches';
import { installCompanies, makeBranch } from './fakes-companies';
import { renderApp, signedInBridge } from './render-app';

async function openCompanyPage(user: ReturnType<typeof renderApp>['user'], name: string) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: /^Companies/ }));
  const list = await screen.findByRole('listbox', { name: 'Companies' });
  await user.click(await within(list).findByRole('option', { name: new RegExp(`^${name}`) }));
  const page = screen.getByRole('region', { name: 'Company page' });
  return within(page).findByRole('region', { name: 'Branches' });
}

describe('branches on a company page', () => {
  it('adds a branch checked against the contract, shows it pending, and deletes one after asking', async () => {
    const bridge = signedInBridge();
    const companies = installCompanies(bridge);
    const branches = installBranches(bridge);
    const company = companies.rows.find((row) => row.name === 'Kestrel GmbH')!;
    const warehouse = makeBranch(company.id, 1, 'Hamburg warehouse', 'warehouse');
    branches.ofCompany.set(company.id, {
      value: [{ branch: warehouse, queued: null }],
      fetchedAt: new Date().toISOString(),
    });
    const { user } = renderApp(bridge);
    const section = await openCompanyPage(user, company.name);
    expect(await within(section).findByRole('heading', { name: 'Branches (1)' })).toBeTruthy();
    const row = within(section).getByRole('rowheader', { name: 'Hamburg warehouse' }).closest('tr')!;
    expect(within(row).getByText('Warehouse')).toBeTruthy();
    expect(within(row).getByText('Hamburg, DE').getAttribute('title')).toBe('Am Sandtorkai 12, 20457 Hamburg, DE');

    await user.click(within(section).getByRole('button', { name: 'Add branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'New branch of Kestrel GmbH' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Lisbon service centre');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Kind/ }), 'serviceCenter');
    await user.type(within(dialog).getByRole('textbox', { name: /^Latitude/ }), '138.7');
    await user.type(within(dialog).getByRole('textbox', { name: /^Longitude/ }), 'west');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Add branch' }));
    // Refused here, before anything is queued, each message next to its field.
    const latitude = within(dialog).getByRole('textbox', { name: /^Latitude/ });
    await waitFor(() => expect(latitude.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(dialog)
        .getByRole('textbox', { name: /^Longitude/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(
      within(dialog)
        .getByRole('textbox', { name: /^Email/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(bridge.callsTo('branches.save')).toHaveLength(0);

    await user.clear(latitude);
    await user.type(latitude, '38.7107');
    await user.clear(within(dialog).getByRole('textbox', { name: /^Longitude/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Longitude/ }), '-9.1366');
    await user.clear(within(dialog).getByRole('textbox', { name: /^Email/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add branch' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /New branch/ })).toBeNull());
    expect(bridge.callsTo('branches.save')).toEqual([
      {
        branch: {
          companyId: company.id,
          name: 'Lisbon service centre',
          kind: 'serviceCenter',
          address: { street: null, city: null, postalCode: null, country: null },
          latitude: 38.7107,
          longitude: -9.1366,
          phone: null,
          email: null,
          openingHours: null,
        },
        version: null,
      },
    ]);
    const added = (await within(section).findByRole('rowheader', { name: /Lisbon service centre/ })).closest('tr')!;
    expect(within(added).getByText('Pending')).toBeTruthy();

    // Delete asks first; Cancel keeps the branch.
    await user.click(within(section).getByRole('button', { name: 'Delete Hamburg warehouse' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Hamburg warehouse?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('branches.delete')).toHaveLength(0);
    await user.click(within(section).getByRole('button', { name: 'Delete Hamburg warehouse' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Hamburg warehouse?' })).getByRole('button', {
        name: 'Delete branch',
      }),
    );
    expect(bridge.callsTo('branches.delete')).toEqual([{ id: warehouse.id, version: 1 }]);
    expect(await within(section).findByText('Deleted here; waiting to be sent')).toBeTruthy();
  });

  it('edits a branch with its version, and says the service refusal in its words', async () => {
    const bridge = signedInBridge();
    const companies = installCompanies(bridge);
    const branches = installBranches(bridge);
    const company = companies.rows.find((row) => row.name === 'Kestrel GmbH')!;
    const hq = { ...makeBranch(company.id, 2, 'Head office', 'headquarters'), version: 4 };
    const second = makeBranch(company.id, 3, 'Second head office', 'headquarters');
    branches.ofCompany.set(company.id, {
      value: [
        { branch: hq, queued: null },
        {
          branch: { ...second, version: 0 },
          queued: {
            entryId: 'e1',
            kind: 'create',
            state: 'refused',
            message: 'A company has at most one headquarters branch.',
          },
        },
      ],
      fetchedAt: new Date().toISOString(),
    });
    const { user } = renderApp(bridge);
    const section = await openCompanyPage(user, company.name);
    expect(
      await within(section).findByText(
        /The service refused your change to Second head office: A company has at most one headquarters branch\./,
      ),
    ).toBeTruthy();
    expect(within(section).getByText('Refused')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Edit Head office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Head office' });
    const phone = within(dialog).getByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '+49 40 1234');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bridge.callsTo('branches.save')).toHaveLength(1));
    expect(bridge.callsTo('branches.save')[0]).toMatchObject({
      branch: { id: hq.id, phone: '+49 40 1234', latitude: hq.latitude, kind: 'headquarters' },
      version: 4,
    });
  });
});
