/**
 * The Groups view against the fake bridge: the tree in its order with levels; the keyboard way to
 * move a group ("Move to…", M) that does not offer the group's own subgroups; a new group checked
 * with the bridge's schema before it is queued (nothing typed lost on a refusal); a refused change
 * said in words on the group's page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Group, GroupNode, QueuedGroupWrite } from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { renderApp, signedInBridge } from './render-app';

const ids = {
  europe: '11111111-1111-4111-8111-111111111111',
  enterprise: '22222222-2222-4222-8222-222222222222',
  key: '33333333-3333-4333-8333-333333333333',
  lists: '44444444-4444-4444-8444-444444444444',
};

function node(id: string, name: string, parentId: string | null, level: number, position: number): GroupNode {
  return {
    id,
    name,
    parentId,
    level,
    position,
    kind: 'static',
    ownerId: null,
    memberCount: 3,
    queued: null,
    local: false,
  };
}

function group(n: GroupNode): Group {
  return {
    id: n.id,
    version: 4,
    name: n.name,
    kind: n.kind,
    parentId: n.parentId,
    ownerId: n.ownerId,
    position: n.position,
    description: null,
    colour: null,
    tags: [],
    filter: null,
    memberCount: n.memberCount,
    createdAt: '2026-01-02T10:00:00Z',
    updatedAt: '2026-03-02T10:00:00Z',
  };
}

/** A change queued here (what a write call answers). */
function queuedWrite(summary: string): QueuedGroupWrite {
  return {
    entryId: '99999999-9999-4999-8999-999999999999',
    operationId: 'createGroup',
    groupId: null,
    summary,
    state: 'waiting',
    message: null,
  };
}

/** A bridge with Europe › Enterprise › Key accounts, and Marketing lists; records the changes asked. */
function groupsBridge(refused: QueuedGroupWrite | null = null) {
  const bridge: FakeBridge = signedInBridge();
  const nodes = [
    node(ids.europe, 'Europe', null, 1, 0),
    node(ids.enterprise, 'Enterprise', ids.europe, 2, 0),
    node(ids.key, 'Key accounts', ids.enterprise, 3, 0),
    node(ids.lists, 'Marketing lists', null, 1, 1),
  ];
  if (refused) nodes[0] = { ...nodes[0], queued: refused };
  const asked: { name: string; input: unknown }[] = [];
  const queued = queuedWrite;
  bridge.handle('groups.tree', () => ({
    value: { nodes, truncated: false },
    fetchedAt: new Date().toISOString(),
    queued: refused ? [refused] : [],
  }));
  bridge.handle('groups.get', ({ id }) => {
    const found = nodes.find((n) => n.id === id)!;
    return { value: group(found), fetchedAt: new Date().toISOString(), queued: found.queued ? [found.queued] : [] };
  });
  bridge.handle('groups.move', (input) => {
    asked.push({ name: 'groups.move', input });
    return queued('Move');
  });
  bridge.handle('groups.deleteFromTree', (input) => {
    asked.push({ name: 'groups.deleteFromTree', input });
    return queued('Remove');
  });
  bridge.handle('groups.saveMeta', (input) => {
    asked.push({ name: 'groups.saveMeta', input });
    return queued('Describe');
  });
  bridge.handle('groups.create', (input) => {
    asked.push({ name: 'groups.create', input });
    return queued('Create the group');
  });
  return { bridge, asked };
}

async function openGroups(user: ReturnType<typeof renderApp>['user']) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: /^Groups/ }));
  return screen.findByRole('tree', { name: 'Groups' });
}

describe('groups view', () => {
  it('shows the tree and moves a group with the keyboard, never into its own subgroups', async () => {
    const { bridge, asked } = groupsBridge();
    const { user } = renderApp(bridge);
    const tree = await openGroups(user);
    const items = within(tree).getAllByRole('treeitem');
    expect(items.map((item) => [item.getAttribute('aria-label'), item.getAttribute('aria-level')])).toEqual([
      ['Europe', '1'],
      ['Enterprise', '2'],
      ['Marketing lists', '1'],
    ]);

    await user.click(within(tree).getByRole('treeitem', { name: 'Europe' }));
    await user.keyboard('m');
    const dialog = await screen.findByRole('dialog', { name: 'Move "Europe"' });
    const select = within(dialog).getByRole('combobox', { name: 'Move to' });
    const offered = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent?.trim());
    expect(offered).toEqual(['Top level', 'Marketing lists']);
    await user.selectOptions(select, 'Marketing lists');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(asked).toEqual([
      { name: 'groups.move', input: { move: { id: ids.europe, parentId: ids.lists, position: null } } },
    ]);
  });

  it('asks before deleting; a group with subgroups is removed from the tree, its subgroups kept', async () => {
    const { bridge, asked } = groupsBridge();
    const { user } = renderApp(bridge);
    const tree = await openGroups(user);
    await user.click(within(tree).getByRole('treeitem', { name: 'Europe' }));
    await user.keyboard('{Delete}');
    const dialog = await screen.findByRole('dialog', { name: 'Delete "Europe"?' });
    expect(dialog.textContent).toContain('It has 1 subgroup: they are kept and move up to its place in the tree.');
    expect(within(dialog).queryByRole('button', { name: 'Delete group' })).toBeNull();
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from the tree' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(asked).toEqual([{ name: 'groups.deleteFromTree', input: { id: ids.europe } }]);
  });

  it("saves a group's description, colour and tags with the version it was edited against", async () => {
    const { bridge, asked } = groupsBridge();
    const { user } = renderApp(bridge);
    const tree = await openGroups(user);
    await user.click(within(tree).getByRole('treeitem', { name: 'Marketing lists' }));
    const form = await screen.findByRole('form', { name: 'Description, colour and tags' });
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Lists for campaigns.');
    await user.type(within(form).getByRole('textbox', { name: 'Colour' }), 'blue');
    await user.type(within(form).getByRole('textbox', { name: 'Tags' }), 'events, , events, leads');
    await user.click(within(form).getByRole('button', { name: 'Save description' }));
    expect(within(form).getByRole('textbox', { name: 'Colour' }).getAttribute('aria-invalid')).toBe('true');
    expect(asked).toEqual([]);

    await user.clear(within(form).getByRole('textbox', { name: 'Colour' }));
    await user.type(within(form).getByRole('textbox', { name: 'Colour' }), '#1F9D55');
    await user.click(within(form).getByRole('button', { name: 'Save description' }));
    await waitFor(() =>
      expect(asked).toEqual([
        {
          name: 'groups.saveMeta',
          input: {
            meta: { id: ids.lists, description: 'Lists for campaigns.', colour: '#1f9d55', tags: ['events', 'leads'] },
            version: 4,
          },
        },
      ]),
    );
  });

  it('keeps a new group typed and closed (×) as a draft, restored when the dialog opens again', async () => {
    const { bridge } = groupsBridge();
    const drafts = new Map<string, unknown>();
    const savedAt = '2026-11-24T10:00:00.000Z';
    bridge.handle('drafts.put', ({ key, value }) => {
      drafts.set(key, value);
      return { savedAt };
    });
    bridge.handle('drafts.get', ({ key }) => (drafts.has(key) ? { value: drafts.get(key), savedAt } : null));
    bridge.handle('drafts.remove', ({ key }) => ({ removed: drafts.delete(key) }));
    const { user } = renderApp(bridge);
    await openGroups(user);
    await user.click(screen.getByRole('button', { name: 'New group' }));
    let dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Golf day');
    // × (like Escape) closes and keeps what was typed.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'New group' }));
    dialog = await screen.findByRole('dialog', { name: 'New group' });
    await waitFor(() =>
      expect((within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe('Golf day'),
    );
    expect(dialog.textContent).toContain('Restored the changes you had not saved yet');
  });

  it('checks a new group before queuing it, each refusal next to its field, the dialog kept open', async () => {
    const { bridge, asked } = groupsBridge();
    const { user } = renderApp(bridge);
    await openGroups(user);
    await user.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'dynamic');
    await user.type(within(dialog).getByRole('textbox', { name: /Country/ }), 'd');
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    // The name is required and a country is two letters: said next to the fields, nothing sent.
    expect(within(dialog).getByRole('textbox', { name: /Name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Country/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(asked).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'German customers');
    await user.clear(within(dialog).getByRole('textbox', { name: /Country/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Country/ }), 'de');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Place in the tree' }), 'Top level');
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(asked).toEqual([
      {
        name: 'groups.create',
        input: {
          group: {
            name: 'German customers',
            kind: 'dynamic',
            parentId: null,
            filter: { companyId: null, type: null, state: null, country: 'DE', city: null },
          },
        },
      },
    ]);
  });

  it("says a refused change in the service's words on the group's page", async () => {
    const refused: QueuedGroupWrite = {
      entryId: '88888888-8888-4888-8888-888888888888',
      operationId: 'renameGroup',
      groupId: ids.europe,
      summary: 'Rename "Europe" to "Marketing lists"',
      state: 'refused',
      message: 'A group named "Marketing lists" already exists at that place in the tree; choose another name.',
    };
    const { bridge } = groupsBridge(refused);
    const { user } = renderApp(bridge);
    const tree = await openGroups(user);
    const europe = within(tree).getByRole('treeitem', { name: 'Europe' });
    expect(europe.querySelector('[data-mark]')?.getAttribute('data-mark')).toBe('Refused');
    expect(document.getElementById(europe.getAttribute('aria-describedby')!)?.textContent).toContain(
      'Refused: A group named',
    );
    await user.click(europe);
    const changes = await screen.findByRole('list', { name: 'Changes of this group not yet on the service' });
    expect(changes.textContent).toContain('Refused: A group named "Marketing lists" already exists');
  });
  it("lists a contact's static groups on their page and adds the contact to another", async () => {
    const { bridge, asked } = groupsBridge();
    const contact = bridge.data.contacts[0];
    const key = group(node(ids.key, 'Key accounts', ids.enterprise, 3, 0));
    const lists = group(node(ids.lists, 'Marketing lists', null, 1, 1));
    bridge.handle('groups.static', ({ contactId }) => ({
      value: { groups: contactId ? [key] : [key, lists], complete: true },
      fetchedAt: new Date().toISOString(),
    }));
    bridge.handle('groups.addMembers', (input) => {
      asked.push({ name: 'groups.addMembers', input });
      return { ...queuedWrite('Add 1 contact'), operationId: 'addToGroup' };
    });
    const { user } = renderApp(bridge);
    const list = await screen.findByRole('listbox', { name: 'Contacts' });
    await user.click(within(list).getAllByRole('option')[0]);
    const groups = await screen.findByRole('region', { name: 'Groups' });
    await within(groups).findByRole('button', { name: 'Key accounts' });
    const select = within(groups).getByRole('combobox', { name: 'Add to a static group' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a group', 'Marketing lists']);
    await user.selectOptions(select, 'Marketing lists');
    await user.click(within(groups).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(asked).toEqual([
        { name: 'groups.addMembers', input: { members: { groupId: ids.lists, contactIds: [contact.id] } } },
      ]),
    );

    // Its group opens in Groups.
    await user.click(within(groups).getByRole('button', { name: 'Key accounts' }));
    await screen.findByRole('article', { name: 'Group Key accounts' });
  });
});
