/**
 * The group tree's pure rules: levels, subtree heights, cycle detection and building the nested
 * answer of `Get Group Tree` within its depth and node limits.
 */
import type { components } from '../../api/generated/schema';

/** The contract's GroupTreeNode. */
export type GroupTreeNode = components['schemas']['GroupTreeNode'];

/** Deepest level a group may sit at (a top-level group is level 1). */
export const maxTreeLevel = 10;
/** Most groups the service holds, and so the most nodes one tree answer lists. */
export const maxGroups = 5000;

/** One group as the tree needs it. */
export interface TreeRow {
  id: string;
  name: string;
  kind: GroupTreeNode['kind'];
  ownerId: string | null;
  parentId: string | null;
  position: number;
  memberCount: number;
}

/** The children of every parent (null key: top level), each list in `position` order. */
export function childrenIndex<T extends { parentId: string | null; position: number }>(
  rows: readonly T[],
): Map<string | null, T[]> {
  const index = new Map<string | null, T[]>();
  for (const row of rows) {
    const list = index.get(row.parentId);
    if (list) list.push(row);
    else index.set(row.parentId, [row]);
  }
  for (const list of index.values()) list.sort((a, b) => a.position - b.position);
  return index;
}

/** The level of a group (1 for top level) from a map of id → parentId; 0 for null (the virtual root). */
export function levelOf(id: string | null, parentOf: ReadonlyMap<string, string | null>): number {
  let level = 0;
  let current = id;
  while (current !== null && level <= maxGroups) {
    level++;
    current = parentOf.get(current) ?? null;
  }
  return level;
}

/** True when `candidate` is `id` itself or one of its descendants (moving `id` under it would make a cycle). */
export function isSelfOrDescendant(
  candidate: string,
  id: string,
  parentOf: ReadonlyMap<string, string | null>,
): boolean {
  let current: string | null = candidate;
  for (let steps = 0; current !== null && steps <= maxGroups; steps++) {
    if (current === id) return true;
    current = parentOf.get(current) ?? null;
  }
  return false;
}

/** Levels in the subtree of `id`, counting `id` itself (1 for a leaf), from a map of id → parentId. */
export function subtreeHeight(id: string, parentOf: ReadonlyMap<string, string | null>): number {
  const children = new Map<string, string[]>();
  for (const [child, parent] of parentOf) {
    if (parent === null) continue;
    const list = children.get(parent);
    if (list) list.push(child);
    else children.set(parent, [child]);
  }
  let height = 0;
  let frontier = [id];
  while (frontier.length && height <= maxGroups) {
    height++;
    frontier = frontier.flatMap((g) => children.get(g) ?? []);
  }
  return height;
}

/** Options of buildGroupTree. */
export interface TreeOptions {
  /** Start at this group (one root); null for every top-level group. */
  rootId: string | null;
  /** Levels to include below and including the roots (1..10). */
  maxDepth: number;
  /** Most nodes to include, taken breadth-first. */
  maxNodes: number;
}

/** The nested tree, how many nodes it holds, and whether the node limit left some out. */
export interface BuiltTree {
  nodes: GroupTreeNode[];
  nodeCount: number;
  truncated: boolean;
}

/**
 * Builds the nested tree from flat rows: siblings in `position` order, `maxDepth` levels, at most
 * `maxNodes` nodes breadth-first (so a cut keeps whole upper levels). Every node's `childCount`
 * counts all its children, listed or not. A `rootId` not in `rows` gives an empty tree.
 */
export function buildGroupTree(rows: readonly TreeRow[], options: TreeOptions): BuiltTree {
  const children = childrenIndex(rows);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  const startRows = options.rootId === null ? (children.get(null) ?? []) : [byId.get(options.rootId)].filter(Boolean);
  const startLevel = options.rootId === null ? 1 : levelOf(options.rootId, parentOf);
  const nodes: GroupTreeNode[] = [];
  const queue: Array<{ row: TreeRow; depth: number; into: GroupTreeNode[] }> = (startRows as TreeRow[]).map((row) => ({
    row,
    depth: 1,
    into: nodes,
  }));
  let nodeCount = 0;
  let truncated = false;
  for (let i = 0; i < queue.length; i++) {
    if (nodeCount >= options.maxNodes) {
      truncated = true;
      break;
    }
    const { row, depth, into } = queue[i];
    const kids = children.get(row.id) ?? [];
    const node: GroupTreeNode = {
      id: row.id,
      name: row.name,
      kind: row.kind,
      ownerId: row.ownerId,
      position: row.position,
      level: startLevel + depth - 1,
      memberCount: row.memberCount,
      childCount: kids.length,
      children: [],
    };
    into.push(node);
    nodeCount++;
    if (depth < options.maxDepth)
      for (const kid of kids) queue.push({ row: kid, depth: depth + 1, into: node.children });
  }
  return { nodes, nodeCount, truncated };
}
