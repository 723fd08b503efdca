/** The group tree: depth and node limits, moves (cycles refused), Delete From Tree and Delete Group. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { flatten, type Group, GroupCalls, missingId } from '../../helpers/group-calls';
import { smallDemo, startTestService, type TestService } from '../../helpers/server-client';

type GroupTree = components['schemas']['GroupTree'];

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
});
afterAll(() => t.stop());
const { create, get, children, all, contacts } = new GroupCalls(() => t.client);

describe('tree limits', () => {
  it('allows 10 levels, refuses an 11th, and getGroupTree cuts by maxDepth', async () => {
    const chain: Group[] = [await create(null)];
    for (let level = 2; level <= 10; level++) chain.push(await create(chain[chain.length - 1].id));
    const tooDeep = await t.client.call('createGroup', {
      body: { name: 'Level 11', parentId: chain[9].id, kind: 'static' },
    });
    expect(tooDeep.status).toBe(409);

    const whole = (await t.client.call('getGroupTree', { query: { rootId: chain[0].id } })).body as GroupTree;
    const nodes = flatten(whole.nodes);
    expect(nodes.map((n) => n.id)).toEqual(chain.map((g) => g.id));
    expect(nodes.map((n) => n.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const cut = (await t.client.call('getGroupTree', { query: { rootId: chain[0].id, maxDepth: 3 } }))
      .body as GroupTree;
    expect(cut.nodeCount).toBe(3);
    expect(flatten(cut.nodes)[2]).toMatchObject({ childCount: 1, children: [] });
    const over = await t.client.call('getGroupTree', { query: { maxDepth: 11 } });
    expect(over.status).toBe(400);

    // chain[1] carries 9 levels: under a level-1 group it still fits, under a level-2 group it would not.
    const shallow = await create(null);
    const deeper = await create(shallow.id);
    const tooDeepMove = await t.client.call('moveGroupInTree', {
      body: { id: chain[1].id, parentId: deeper.id, position: null },
    });
    expect(tooDeepMove.status).toBe(409);
    const fits = await t.client.call('moveGroupInTree', {
      body: { id: chain[1].id, parentId: shallow.id, position: null },
    });
    expect(fits.status).toBe(200);
    const moved = (await t.client.call('getGroupTree', { query: { rootId: shallow.id } })).body as GroupTree;
    expect(flatten(moved.nodes).map((n) => n.level)).toEqual([1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('answers the whole tree with every group once; 404 for an unknown root', async () => {
    const tree = (await t.client.call('getGroupTree')).body as GroupTree;
    const everyGroup = await all({ limit: 500 });
    expect(tree.truncated).toBe(false);
    expect(tree.nodeCount).toBe(everyGroup.length);
    expect(new Set(flatten(tree.nodes).map((n) => n.id))).toEqual(new Set(everyGroup.map((g) => g.id)));
    expect((await t.client.call('getGroupTree', { query: { rootId: missingId } })).status).toBe(404);
  });
});

describe('moveGroupInTree', () => {
  it('moves a subtree to a new parent and position, renumbering both sibling lists', async () => {
    const from = await create(null);
    const to = await create(null);
    const [a, b, c] = [await create(from.id), await create(from.id), await create(from.id)];
    const b1 = await create(b.id);
    const [x, y] = [await create(to.id), await create(to.id)];
    const res = await t.client.call('moveGroupInTree', { body: { id: b.id, parentId: to.id, position: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ parentId: to.id, position: 1 });
    expect((await children(from.id)).map((g) => [g.id, g.position])).toEqual([
      [a.id, 0],
      [c.id, 1],
    ]);
    expect((await children(to.id)).map((g) => g.id)).toEqual([x.id, b.id, y.id]);
    expect((await get(b1.id)).parentId).toBe(b.id);
    const top = await t.client.call('moveGroupInTree', { body: { id: b.id, parentId: null, position: 0 } });
    expect(top.body).toMatchObject({ parentId: null, position: 0 });
    expect((await children(null))[0].id).toBe(b.id);
  });

  it('refuses a move under itself or its own descendant (cycle) and changes nothing', async () => {
    const root = await create(null);
    const child = await create(root.id);
    const grandchild = await create(child.id);
    for (const parentId of [root.id, child.id, grandchild.id]) {
      const res = await t.client.call('moveGroupInTree', { body: { id: root.id, parentId, position: null } });
      expect(res.status).toBe(409);
      expect((res.body as { detail: string }).detail).toContain('cycle');
    }
    expect(await get(root.id)).toMatchObject({ parentId: null, version: root.version });
    expect((await get(grandchild.id)).parentId).toBe(child.id);
  });

  it('answers 404 for an unknown group or parent, 409 for a name clash, 412 when stale', async () => {
    const g = await create(null, 'Mover');
    const target = await create(null);
    await create(target.id, 'mover');
    const unknownParent = await t.client.call('moveGroupInTree', {
      body: { id: g.id, parentId: missingId, position: 0 },
    });
    expect(unknownParent.status).toBe(404);
    const unknownGroup = await t.client.call('moveGroupInTree', {
      body: { id: missingId, parentId: null, position: 0 },
    });
    expect(unknownGroup.status).toBe(404);
    const clash = await t.client.call('moveGroupInTree', { body: { id: g.id, parentId: target.id, position: 0 } });
    expect(clash.status).toBe(409);
    const stale = await t.client.call('moveGroupInTree', {
      body: { id: g.id, parentId: null, position: 0 },
      headers: { 'If-Match': '"99"' },
    });
    expect(stale.status).toBe(412);
  });
});

describe('deleteFromTree and deleteGroup', () => {
  it('deleteFromTree removes the node and moves its children up in its place', async () => {
    const parent = await create(null);
    const [first, middle, last] = [await create(parent.id), await create(parent.id), await create(parent.id)];
    const [k1, k2] = [await create(middle.id), await create(middle.id)];
    const [c1] = await contacts(1);
    await t.client.call('addToGroup', { body: { groupId: middle.id, contactIds: [c1.id] } });
    const res = await t.client.call('deleteFromTree', { query: { id: middle.id } });
    expect(res.status).toBe(204);
    expect((await t.client.call('getGroup', { query: { id: middle.id } })).status).toBe(404);
    expect((await children(parent.id)).map((g) => [g.id, g.position])).toEqual([
      [first.id, 0],
      [k1.id, 1],
      [k2.id, 2],
      [last.id, 3],
    ]);
    const groupsOfContact = await all({ contactId: c1.id, limit: 500 }, 'getStaticGroups');
    expect(groupsOfContact.map((g) => g.id)).not.toContain(middle.id);
    expect((await t.client.call('deleteFromTree', { query: { id: middle.id } })).status).toBe(404);
  });

  it('deleteFromTree refuses when a child name would clash with a new sibling', async () => {
    const parent = await create(null);
    const node = await create(parent.id);
    await create(parent.id, 'Same');
    await create(node.id, 'same');
    expect((await t.client.call('deleteFromTree', { query: { id: node.id } })).status).toBe(409);
    expect((await get(node.id)).id).toBe(node.id);
  });

  it('deleteGroup refuses a group with children, deletes a leaf and closes the gap', async () => {
    const parent = await create(null);
    const [a, b] = [await create(parent.id), await create(parent.id)];
    const refused = await t.client.call('deleteGroup', { query: { id: parent.id } });
    expect(refused.status).toBe(409);
    expect((await t.client.call('deleteGroup', { query: { id: a.id } })).status).toBe(204);
    expect((await t.client.call('getGroup', { query: { id: a.id } })).status).toBe(404);
    expect((await children(parent.id)).map((g) => [g.id, g.position])).toEqual([[b.id, 0]]);
    expect((await t.client.call('deleteGroup', { query: { id: a.id } })).status).toBe(404);
  });
});
