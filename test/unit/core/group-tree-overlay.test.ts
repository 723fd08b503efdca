/**
 * The group tree as shown (main/core/areas/groups/tree-overlay.ts): the service's nested tree made
 * flat in tree order, with the queued changes applied over it as the service would apply them
 * (api/openapi.yaml: `Move Group in Tree` positions, `Delete From Tree` moving children up in the
 * deleted group's place); refused changes not applied but carried by their group.
 */
import { describe, expect, it } from 'vitest';
import type { ApiSchemas, GroupWriteOperation } from '../../../preload/contract';
import { toQueuedGroupWrite } from '../../../main/core/areas/groups/queued';
import { overlayTree } from '../../../main/core/areas/groups/tree-overlay';
import type { StoredEntry } from '../../../main/core/writes/outbox-store';

type ServiceNode = ApiSchemas['GroupTreeNode'];

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function serviceNode(
  n: number,
  name: string,
  position: number,
  level: number,
  children: ServiceNode[] = [],
): ServiceNode {
  // Groups 1 to 3 were made by user 90; the others before owners were kept.
  const ownerId = n <= 3 ? uuid(90) : null;
  return {
    id: uuid(n),
    name,
    kind: 'static',
    ownerId,
    position,
    level,
    memberCount: n,
    childCount: children.length,
    children,
  };
}

/** Europe (Enterprise, Mid-market), Asia (Partners), listed out of position order on purpose. */
const service: ServiceNode[] = [
  serviceNode(4, 'Asia', 1, 1, [serviceNode(5, 'Partners', 0, 2)]),
  serviceNode(1, 'Europe', 0, 1, [serviceNode(3, 'Mid-market', 1, 2), serviceNode(2, 'Enterprise', 0, 2)]),
];

let seq = 0;
function entry(
  operationId: GroupWriteOperation,
  request: { body?: Record<string, unknown>; query?: Record<string, unknown> },
  state: StoredEntry['state'] = 'waiting',
) {
  seq += 1;
  const stored: StoredEntry = {
    seq,
    id: uuid(100 + seq),
    kind: 'action',
    recordType: 'contact',
    recordId: null,
    request: { operationId, ...request },
    base: null,
    mine: null,
    ifMatch: null,
    summary: operationId,
    state,
    message: state === 'refused' ? 'The service answered 409' : null,
    fieldErrors: [],
    conflict: null,
    file: null,
    attempts: 0,
    createdAt: '2026-11-24T10:00:00Z',
  };
  return { write: toQueuedGroupWrite(stored)!, entry: stored };
}

const shape = (nodes: ReturnType<typeof overlayTree>) => nodes.map((n) => `${'  '.repeat(n.level - 1)}${n.name}`);

describe('group tree overlay', () => {
  it('lists the service tree in tree order, siblings by position', () => {
    const nodes = overlayTree(service, []);
    expect(shape(nodes)).toEqual(['Europe', '  Enterprise', '  Mid-market', 'Asia', '  Partners']);
    expect(nodes.find((n) => n.name === 'Mid-market')).toMatchObject({ parentId: uuid(1), position: 1, queued: null });
  });

  it('applies queued creates, renames and moves (with a position) in order', () => {
    const nodes = overlayTree(service, [
      entry('createGroup', { body: { name: 'Golf', parentId: uuid(4), kind: 'static' } }),
      entry('renameGroup', { body: { id: uuid(2), name: 'Large accounts' } }),
      entry('moveGroupInTree', { body: { id: uuid(3), parentId: null, position: 0 } }),
    ]);
    expect(shape(nodes)).toEqual(['Mid-market', 'Europe', '  Large accounts', 'Asia', '  Partners', '  Golf']);
    expect(nodes.find((n) => n.name === 'Golf')).toMatchObject({ local: true, memberCount: 0, level: 2 });
    expect(nodes.find((n) => n.name === 'Large accounts')?.queued?.operationId).toBe('renameGroup');
  });

  it("carries each group's owner, and makes the signed-in user the owner of a group created here", () => {
    const nodes = overlayTree(service, [entry('createGroup', { body: { name: 'Golf', kind: 'static' } })], uuid(91));
    expect(nodes.find((n) => n.name === 'Enterprise')?.ownerId).toBe(uuid(90));
    expect(nodes.find((n) => n.name === 'Asia')?.ownerId).toBeNull();
    expect(nodes.find((n) => n.name === 'Golf')?.ownerId).toBe(uuid(91));
  });

  it('removes a group from the tree with its children moved up in its place', () => {
    const nodes = overlayTree(service, [entry('deleteFromTree', { query: { id: uuid(1) } })]);
    expect(shape(nodes)).toEqual(['Enterprise', 'Mid-market', 'Asia', '  Partners']);
  });

  it('does not apply a refused change, or a move into the group itself, but marks the group', () => {
    const nodes = overlayTree(service, [
      entry('renameGroup', { body: { id: uuid(4), name: 'Europe' } }, 'refused'),
      entry('moveGroupInTree', { body: { id: uuid(1), parentId: uuid(2), position: null } }),
    ]);
    expect(shape(nodes)).toEqual(['Europe', '  Enterprise', '  Mid-market', 'Asia', '  Partners']);
    expect(nodes.find((n) => n.id === uuid(4))?.queued).toMatchObject({
      state: 'refused',
      message: 'The service answered 409',
    });
    expect(nodes.find((n) => n.id === uuid(1))?.queued?.operationId).toBe('moveGroupInTree');
  });
});
