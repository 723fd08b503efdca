/** The group tree's pure rules: levels, cycles, subtree heights and the limits of the built tree. */
import { describe, expect, it } from 'vitest';
import {
  buildGroupTree,
  childrenIndex,
  isSelfOrDescendant,
  levelOf,
  subtreeHeight,
  type TreeRow,
} from '../../../server/db/group-tree';

const row = (id: string, parentId: string | null, position: number, memberCount = 0): TreeRow => ({
  id,
  name: id.toUpperCase(),
  kind: 'static',
  ownerId: id === 'a' ? '00000000-0000-4000-8000-000000000090' : null,
  parentId,
  position,
  memberCount,
});

// a ─┬─ b ─── d ─── e
//    └─ c
// f
const rows = [
  row('c', 'a', 1),
  row('a', null, 0, 3),
  row('b', 'a', 0),
  row('d', 'b', 0),
  row('e', 'd', 0, 7),
  row('f', null, 1),
];
const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));

describe('levels, cycles and heights', () => {
  it('counts levels from 1 at the top (0 for the virtual root)', () => {
    expect(levelOf(null, parentOf)).toBe(0);
    expect(levelOf('a', parentOf)).toBe(1);
    expect(levelOf('e', parentOf)).toBe(4);
  });

  it('finds a group itself and its descendants, not its ancestors or cousins', () => {
    expect(isSelfOrDescendant('a', 'a', parentOf)).toBe(true);
    expect(isSelfOrDescendant('e', 'b', parentOf)).toBe(true);
    expect(isSelfOrDescendant('a', 'b', parentOf)).toBe(false);
    expect(isSelfOrDescendant('c', 'b', parentOf)).toBe(false);
    expect(isSelfOrDescendant('f', 'a', parentOf)).toBe(false);
  });

  it('measures subtree heights', () => {
    expect(subtreeHeight('a', parentOf)).toBe(4);
    expect(subtreeHeight('b', parentOf)).toBe(3);
    expect(subtreeHeight('c', parentOf)).toBe(1);
    expect(
      childrenIndex(rows)
        .get('a')
        ?.map((r) => r.id),
    ).toEqual(['b', 'c']);
  });
});

describe('buildGroupTree', () => {
  it('nests every group in position order with levels and counts', () => {
    const tree = buildGroupTree(rows, { rootId: null, maxDepth: 10, maxNodes: 5000 });
    expect(tree.nodeCount).toBe(6);
    expect(tree.truncated).toBe(false);
    expect(tree.nodes.map((n) => n.id)).toEqual(['a', 'f']);
    const [a] = tree.nodes;
    expect(a).toMatchObject({
      level: 1,
      memberCount: 3,
      childCount: 2,
      ownerId: '00000000-0000-4000-8000-000000000090',
    });
    expect(a.children[0].ownerId).toBeNull();
    expect(a.children.map((n) => n.id)).toEqual(['b', 'c']);
    expect(a.children[0].children[0].children[0]).toMatchObject({ id: 'e', level: 4, memberCount: 7, children: [] });
  });

  it('cuts at maxDepth but keeps childCount', () => {
    const tree = buildGroupTree(rows, { rootId: null, maxDepth: 2, maxNodes: 5000 });
    expect(tree.nodeCount).toBe(4);
    expect(tree.truncated).toBe(false);
    const b = tree.nodes[0].children[0];
    expect(b).toMatchObject({ id: 'b', level: 2, childCount: 1, children: [] });
  });

  it('starts at rootId with its absolute level', () => {
    const tree = buildGroupTree(rows, { rootId: 'b', maxDepth: 10, maxNodes: 5000 });
    expect(tree.nodes).toHaveLength(1);
    expect(tree.nodes[0]).toMatchObject({ id: 'b', level: 2 });
    expect(tree.nodeCount).toBe(3);
    expect(buildGroupTree(rows, { rootId: 'zz', maxDepth: 10, maxNodes: 10 }).nodes).toEqual([]);
  });

  it('stops at maxNodes breadth-first and says it truncated', () => {
    const tree = buildGroupTree(rows, { rootId: null, maxDepth: 10, maxNodes: 4 });
    expect(tree.nodeCount).toBe(4);
    expect(tree.truncated).toBe(true);
    expect(tree.nodes.map((n) => n.id)).toEqual(['a', 'f']);
    expect(tree.nodes[0].children.map((n) => n.id)).toEqual(['b', 'c']);
    expect(tree.nodes[0].children[0].children).toEqual([]);
  });
});
