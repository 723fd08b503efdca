/**
 * The service's search beside the local one, in the views (fake bridge): the cache's rows show at
 * once, the service is asked once after the typing pauses, and its answer is merged in with a mark
 * in words on each row and a status line; offline nothing is asked and the line says so; a refusal
 * is said in words.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContactRow, DocumentRow, ServiceSearchAnswer } from '../../preload/contract';
import { installCompanies } from './fakes-companies';
import { renderApp, signedInBridge } from './render-app';

function marks(list: HTMLElement): Array<[string, string]> {
  return within(list)
    .getAllByRole('option')
    .map((option) => [
      option.querySelector('.list-row-primary')?.textContent ?? '',
      option.querySelector('.search-source')?.textContent ?? '',
    ]);
}

describe('service search in the views', () => {
  it('shows the local contacts at once, then the service answer merged and marked in words', async () => {
    const bridge = signedInBridge();
    const gretas = bridge.data.contacts.filter((c) => c.firstName === 'Greta' && c.lastName === 'Fischer');
    const { company: _company, ...known } = gretas[0];
    const newcomer: ContactRow = {
      ...known,
      id: '7d0c3a7e-2a4b-4b55-9c54-0d7f6bb0a001',
      firstName: 'Greta',
      lastName: 'Fischer-Neu',
    };
    let answer: (value: ServiceSearchAnswer<ContactRow>) => void = () => undefined;
    bridge.handle('contacts.searchService', () => new Promise((resolve) => (answer = resolve)));
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');

    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'greta fischer');
    const list = await screen.findByRole('listbox', { name: 'Contacts' });
    // The cache's rows are listed before the service answers, without marks.
    await waitFor(() => expect(marks(list)).toEqual(gretas.map(() => ['Greta Fischer', ''])));
    expect(await screen.findByText('Searching the service too…')).toBeTruthy();
    // Asked once, for the text as it was when the typing paused.
    await waitFor(() => expect(bridge.callsTo('contacts.searchService')).toEqual([{ q: 'greta fischer' }]));

    answer({
      state: 'answered',
      complete: true,
      answeredAt: new Date().toISOString(),
      hits: [
        { row: newcomer, matchedHere: false, listedHere: false },
        { row: known, matchedHere: true, listedHere: true },
      ],
    });
    expect(await screen.findByText('The service found 2; 1 was not on this computer yet.')).toBeTruthy();
    await waitFor(() =>
      expect(marks(list)).toEqual([
        ['Greta Fischer-Neu', 'Found by the service'],
        ['Greta Fischer', 'Here and on the service'],
        ...gretas.slice(1).map(() => ['Greta Fischer', 'Only on this computer']),
      ]),
    );
    expect(
      screen.getByText(
        `${gretas.length + 1} ${gretas.length === 0 ? 'contact matches' : 'contacts match'} "greta fischer"`,
      ),
    ).toBeTruthy();
  });

  it('asks nothing offline and says that only this computer is searched', async () => {
    const bridge = signedInBridge();
    installCompanies(bridge);
    bridge.data.sync = { ...bridge.data.sync, state: 'offline', message: 'Offline' };
    const { user } = renderApp(bridge);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: /^Companies/ }));
    await screen.findByRole('listbox', { name: 'Companies' });

    await user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'a');
    expect(
      await screen.findByText(
        "Offline: only this computer's records are searched. The service is searched again once it can be reached.",
      ),
    ).toBeTruthy();
    expect(bridge.callsTo('companies.searchService')).toEqual([]);
    expect(document.querySelector('.search-source')).toBeNull();
  });

  it('marks a document the service found in the folder, and says a refusal in words', async () => {
    const bridge = signedInBridge();
    let refuse = false;
    bridge.handle('documents.searchService', ({ q, folderId }) => {
      if (refuse)
        return { state: 'failed', message: 'This folder is not on the service, so the service could not search it.' };
      const found = bridge.data.documents.find((d) => d.folderId === folderId && d.title === q) as DocumentRow;
      return {
        state: 'answered',
        complete: true,
        answeredAt: new Date().toISOString(),
        hits: [{ row: found, matchedHere: false, listedHere: true }],
      };
    });
    const { user } = renderApp(bridge);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Documents' }));
    const tree = await screen.findByRole('tree', { name: 'Folders' });
    await user.click(within(tree).getByRole('treeitem', { name: 'Price lists' }));
    const list = await screen.findByRole('listbox', { name: 'Documents' });
    const title = within(list).getAllByRole('option')[0].querySelector('.list-row-primary')?.textContent ?? '';

    const search = screen.getByRole('searchbox', { name: 'Search documents' });
    await user.type(search, title);
    expect(await screen.findByText('The service found 1; 1 was not on this computer yet.')).toBeTruthy();
    await waitFor(() => expect(marks(list)[0]).toEqual([title, 'Found by the service']));

    refuse = true;
    await user.type(search, 'x');
    expect(
      await screen.findByText('This folder is not on the service, so the service could not search it.'),
    ).toBeTruthy();
  });
});
