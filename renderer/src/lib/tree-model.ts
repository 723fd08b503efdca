/**
 * A hierarchy built from a flat list of nodes that name their parent (folders, groups), and its
 * visible (expanded) rows in order: the model of `components/tree-view.tsx`.
 */

/** A node of a hierarchy: its id and its parent's (null: top level). */
export interface TreeNode {
  id: string;
  parentId: string | null;
}

/** A node's place in the visible tree. */
export interface TreeRow<T extends TreeNode> {
  node: T;
  /** 1 for top-level nodes. */
  level: number;
  hasChildren: boolean;
  parentId: string | null;
  /** Number of siblings including itself, and its 1-based position among them (aria-setsize/posinset). */
  setSize: number;
  position: number;
}

/**
 * Children by parent id (`null`: top level; nodes whose parent is unknown count as top level), in
 * the order of `nodes`, or sorted with `compare` when given.
 */
export function childrenByParent<T extends TreeNode>(
  nodes: readonly T[],
  compare?: (a: T, b: T) => number,
): Map<string | null, T[]> {
  const ids = new Set(nodes.map((node) => node.id));
  const map = new Map<string | null, T[]>();
  for (const node of nodes) {
    const parent = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    const siblings = map.get(parent) ?? [];
    siblings.push(node);
    map.set(parent, siblings);
  }
  if (compare) for (const siblings of map.values()) siblings.sort(compare);
  return map;
}

/** The rows a user sees, depth first, descending only into `expanded` nodes. */
export function visibleRows<T extends TreeNode>(
  children: Map<string | null, T[]>,
  expanded: ReadonlySet<string>,
): TreeRow<T>[] {
  const rows: TreeRow<T>[] = [];
  const walk = (parentId: string | null, level: number) => {
    const siblings = children.get(parentId) ?? [];
    siblings.forEach((node, index) => {
      const hasChildren = (children.get(node.id)?.length ?? 0) > 0;
      rows.push({ node, level, hasChildren, parentId, setSize: siblings.length, position: index + 1 });
      if (hasChildren && expanded.has(node.id)) walk(node.id, level + 1);
    });
  };
  walk(null, 1);
  return rows;
}

/** Ids of the ancestors of `id`, nearest first (to expand the path to a selected node). */
export function ancestorIds(nodes: readonly TreeNode[], id: string): string[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const ids: string[] = [];
  let current = byId.get(id);
  const seen = new Set<string>();
  while (current?.parentId && !seen.has(current.parentId)) {
    seen.add(current.parentId);
    ids.push(current.parentId);
    current = byId.get(current.parentId);
  }
  return ids;
}
