/**
 * Groups of contacts (`groups.*`) against the reference service: the tree, a group and the lists
 * read online and kept with their age offline; every change queued in the outbox and sent by sync
 * (online and offline), shown over the tree while it waits; a move into a group's own subtree
 * refused in words before it is queued; a refusal of the service (409) kept with its words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupNode } from '../../../preload/contract';
import { type RestartableService, startRestartableService } from '../../helpers/restartable-service';

describe('groups', () => {
  let rig: RestartableService;

  beforeAll(async () => {
    rig = await startRestartableService();
  });
  afterAll(() => rig.close());

  const tree = () => rig.core.handlers['groups.tree']({});
  const byName = (nodes: GroupNode[], name: string) => nodes.find((node) => node.name === name);

  it('reads the tree and changes it online: create, rename, move, describe, add members, delete', async () => {
    const first = await tree();
    expect(first.fetchedAt).toEqual(expect.any(String));
    expect(first.value.nodes.length).toBeGreaterThan(5);
    const europe = byName(first.value.nodes, 'Europe')!;
    expect(europe).toMatchObject({ level: 1, parentId: null, local: false, queued: null });
    expect(first.value.nodes.filter((node) => node.parentId === europe.id).length).toBeGreaterThan(0);

    const created = await rig.core.handlers['groups.create']({
      group: { name: 'Golf day guests', parentId: null, kind: 'static' },
    });
    expect(created).toMatchObject({ operationId: 'createGroup', state: 'waiting', groupId: null });
    const waiting = byName((await tree()).value.nodes, 'Golf day guests')!;
    expect(waiting).toMatchObject({ local: true, queued: { state: 'waiting' } });
    expect(await rig.push()).toEqual([]);
    const golf = byName((await tree()).value.nodes, 'Golf day guests')!;
    expect(golf).toMatchObject({ local: false, queued: null, level: 1 });

    await rig.core.handlers['groups.rename']({ rename: { id: golf.id, name: 'Golf day 2027' } });
    await rig.core.handlers['groups.move']({ move: { id: golf.id, parentId: europe.id, position: 0 } });
    // Shown as it will be while it waits.
    expect(byName((await tree()).value.nodes, 'Golf day 2027')).toMatchObject({ parentId: europe.id, level: 2 });
    expect(await rig.push()).toEqual([]);
    const moved = await tree();
    expect(byName(moved.value.nodes, 'Golf day 2027')).toMatchObject({
      parentId: europe.id,
      position: 0,
      queued: null,
    });

    const group = (await rig.core.handlers['groups.get']({ id: golf.id })).value!;
    await rig.core.handlers['groups.saveMeta']({
      meta: { id: golf.id, description: 'Guests of the spring golf day.', colour: '#1f9d55', tags: ['events'] },
      version: group.version,
    });
    const contacts = (await rig.core.handlers['contacts.list']({ offset: 0, limit: 2 })).rows;
    await rig.core.handlers['groups.addMembers']({
      members: { groupId: golf.id, contactIds: contacts.map((c) => c.id) },
    });
    expect(await rig.push()).toEqual([]);
    const after = await rig.core.handlers['groups.get']({ id: golf.id });
    expect(after.value).toMatchObject({
      description: 'Guests of the spring golf day.',
      tags: ['events'],
      memberCount: 2,
    });
    const ofContact = await rig.core.handlers['groups.static']({ contactId: contacts[0].id });
    expect(ofContact.value.groups.map((g) => g.name)).toContain('Golf day 2027');
    const found = await rig.core.handlers['groups.list']({ q: 'golf' });
    expect(found.value.groups.map((g) => g.id)).toEqual([golf.id]);

    await rig.core.handlers['groups.delete']({ id: golf.id });
    expect(byName((await tree()).value.nodes, 'Golf day 2027')).toBeUndefined();
    expect(await rig.push()).toEqual([]);
    expect((await rig.core.handlers['groups.get']({ id: golf.id })).value).toBeNull();
  });

  it('refuses a move into the group itself or its own subgroups, in words, before queuing it', async () => {
    const nodes = (await tree()).value.nodes;
    const europe = byName(nodes, 'Europe')!;
    const child = nodes.find((node) => node.parentId === europe.id)!;
    await expect(
      rig.core.handlers['groups.move']({ move: { id: europe.id, parentId: child.id, position: null } }),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/one of its own subgroups/) });
    await expect(
      rig.core.handlers['groups.move']({ move: { id: europe.id, parentId: europe.id, position: null } }),
    ).rejects.toThrow(/cannot be moved into itself/);
    await expect(rig.core.handlers['groups.delete']({ id: europe.id })).rejects.toThrow(/has subgroups/);
    expect(await rig.core.handlers['outbox.list']({})).toEqual([]);
  });

  it('keeps a refusal of the service (409) with its words on the group, until it is discarded', async () => {
    const nodes = (await tree()).value.nodes;
    const europe = byName(nodes, 'Europe')!;
    const [a, b] = nodes.filter((node) => node.parentId === europe.id);
    await rig.core.handlers['groups.rename']({ rename: { id: a.id, name: b.name.toUpperCase() } });
    const [entry] = await rig.push();
    expect(entry).toMatchObject({ state: 'refused' });
    const refused = (await tree()).value.nodes.find((node) => node.id === a.id)!;
    expect(refused.name).toBe(a.name);
    expect(refused.queued).toMatchObject({ state: 'refused', message: entry.message });
    expect(refused.queued?.message).toMatch(/already exists/);
    await rig.core.handlers['outbox.discard']({ id: entry.id });
    expect((await tree()).value.nodes.find((node) => node.id === a.id)?.queued).toBeNull();
  });

  it('a cycle made by a move elsewhere that this computer has not seen is refused by the service (409) in its words', async () => {
    const nodes = (await tree()).value.nodes;
    const asia = byName(nodes, 'Asia Pacific')!;
    const lists = byName(nodes, 'Marketing lists')!;
    // A colleague moves "Marketing lists" under "Asia Pacific"; the tree kept here still shows both at the top.
    const moved = await rig.colleague.call('moveGroupInTree', {
      body: { id: lists.id, parentId: asia.id, position: null },
    });
    expect(moved.status).toBe(200);

    await rig.core.handlers['groups.move']({ move: { id: asia.id, parentId: lists.id, position: null } });
    const [entry] = await rig.push();
    expect(entry).toMatchObject({ state: 'refused', message: expect.stringMatching(/would have a cycle/) });
    const shown = await tree();
    expect(shown.value.nodes.find((node) => node.id === asia.id)).toMatchObject({
      parentId: null,
      queued: { state: 'refused', message: entry.message },
    });
    await rig.core.handlers['outbox.discard']({ id: entry.id });
    await rig.colleague.call('moveGroupInTree', { body: { id: lists.id, parentId: null, position: null } });
  });

  it('offline: the kept tree with its age; changes queue, show over it and are sent once back', async () => {
    const kept = await tree();
    const europe = byName(kept.value.nodes, 'Europe')!;
    const group = await rig.core.handlers['groups.get']({ id: europe.id });
    await rig.goOffline();
    const offline = await tree();
    expect(offline).toEqual(kept);
    expect(await rig.core.handlers['groups.get']({ id: europe.id })).toEqual(group);

    await rig.core.handlers['groups.create']({ group: { name: 'Offline list', parentId: europe.id, kind: 'static' } });
    await rig.core.handlers['groups.rename']({ rename: { id: europe.id, name: 'Europe and UK' } });
    const shown = await tree();
    expect(shown.fetchedAt).toBe(kept.fetchedAt);
    const local = byName(shown.value.nodes, 'Offline list')!;
    expect(local).toMatchObject({ local: true, parentId: europe.id, level: 2 });
    expect(byName(shown.value.nodes, 'Europe and UK')?.queued?.state).toBe('waiting');
    // A group the service does not have yet cannot be changed.
    await expect(rig.core.handlers['groups.rename']({ rename: { id: local.id, name: 'Other' } })).rejects.toThrow(
      /not on the service yet/,
    );

    await rig.goOnline();
    expect(await rig.push()).toEqual([]);
    const back = await tree();
    expect(Date.parse(back.fetchedAt!)).toBeGreaterThan(Date.parse(kept.fetchedAt!));
    const renamed = byName(back.value.nodes, 'Europe and UK')!;
    expect(byName(back.value.nodes, 'Offline list')).toMatchObject({ local: false, parentId: renamed.id });

    // Remove from the tree keeps the subgroups: they move up to the top level.
    const children = back.value.nodes.filter((node) => node.parentId === renamed.id).map((node) => node.id);
    await rig.core.handlers['groups.deleteFromTree']({ id: renamed.id });
    expect(await rig.push()).toEqual([]);
    const final = (await tree()).value.nodes;
    expect(final.find((node) => node.id === renamed.id)).toBeUndefined();
    for (const id of children) expect(final.find((node) => node.id === id)?.parentId).toBeNull();
  });
});
