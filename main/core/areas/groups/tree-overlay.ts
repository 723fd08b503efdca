/**
 * The group tree as shown: the service's tree (`Get Group Tree`, nested) made flat, with the group
 * changes still queued in the outbox applied over it, so that a group created, renamed, moved or
 * deleted offline shows as the user left it. A refused change is not applied; its group carries it
 * (with the service's words) so the user sees why. Sibling order and the move rules follow
 * api/openapi.yaml (`Move Group in Tree`, `Delete From Tree`).
 */
import type { ApiSchemas, GroupNode, QueuedGroupWrite } from '../../../../preload/contract';
import type { StoredEntry } from '../../writes/outbox-store';

type ServiceNode = ApiSchemas['GroupTreeNode'];
type NodeData = Omit<GroupNode, 'parentId' | 'position' | 'level'>;

/** A mutable tree: each group's data, and the ordered child ids of each parent (null: top level). */
interface Tree {
  data: Map<string, NodeData>;
  parent: Map<string, string | null>;
  children: Map<string | null, string[]>;
}

function listOf(tree: Tree, parentId: string | null): string[] {
  let list = tree.children.get(parentId);
  if (!list) {
    list = [];
    tree.children.set(parentId, list);
  }
  return list;
}

function detach(tree: Tree, id: string): number {
  const siblings = listOf(tree, tree.parent.get(id) ?? null);
  const index = siblings.indexOf(id);
  if (index >= 0) siblings.splice(index, 1);
  return index;
}

function attach(tree: Tree, id: string, parentId: string | null, position: number | null): void {
  const siblings = listOf(tree, parentId);
  const at = position === null || position > siblings.length ? siblings.length : position;
  siblings.splice(at, 0, id);
  tree.parent.set(id, parentId);
}

function isInside(tree: Tree, id: string, parentId: string | null): boolean {
  for (let current = parentId; current; current = tree.parent.get(current) ?? null) if (current === id) return true;
  return false;
}

/** Applies one queued change to `tree` (a change naming a group it does not hold is skipped); `me` made the creates. */
function apply(tree: Tree, write: QueuedGroupWrite, entry: StoredEntry, me: string | null): void {
  const body = entry.request.body ?? {};
  const id = write.groupId;
  if (write.operationId === 'createGroup') {
    const parentId = typeof body.parentId === 'string' && tree.data.has(body.parentId) ? body.parentId : null;
    tree.data.set(entry.id, {
      id: entry.id,
      name: String(body.name),
      kind: body.kind === 'dynamic' ? 'dynamic' : 'static',
      ownerId: me,
      memberCount: 0,
      queued: write,
      local: true,
    });
    attach(tree, entry.id, parentId, null);
    return;
  }
  const node = id ? tree.data.get(id) : undefined;
  if (!id || !node) return;
  node.queued = write;
  if (write.state === 'refused' || write.state === 'conflict') return;
  if (write.operationId === 'renameGroup') node.name = String(body.name);
  else if (write.operationId === 'moveGroupInTree') {
    const parentId = typeof body.parentId === 'string' ? body.parentId : null;
    if ((parentId !== null && !tree.data.has(parentId)) || isInside(tree, id, parentId)) return;
    detach(tree, id);
    attach(tree, id, parentId, typeof body.position === 'number' ? body.position : null);
  } else if (write.operationId === 'deleteGroup' || write.operationId === 'deleteFromTree') {
    const parentId = tree.parent.get(id) ?? null;
    const index = detach(tree, id);
    const orphans = tree.children.get(id) ?? [];
    listOf(tree, parentId).splice(Math.max(index, 0), 0, ...orphans);
    for (const child of orphans) tree.parent.set(child, parentId);
    tree.children.delete(id);
    tree.data.delete(id);
  }
}

/**
 * The nodes to show, in tree order (parents first, siblings by position), from the service's
 * `nodes` and the queued changes (oldest first). `me` is the signed-in user's id, the owner of the
 * groups created here (null when not known).
 */
export function overlayTree(
  nodes: readonly ServiceNode[],
  queued: readonly { write: QueuedGroupWrite; entry: StoredEntry }[],
  me: string | null = null,
): GroupNode[] {
  const tree: Tree = { data: new Map(), parent: new Map(), children: new Map() };
  const add = (node: ServiceNode, parentId: string | null) => {
    const { id, name, kind, memberCount } = node;
    // A service before contract 0.6.0 names no owner.
    const ownerId = node.ownerId ?? null;
    tree.data.set(id, { id, name, kind, ownerId, memberCount, queued: null, local: false });
    attach(tree, id, parentId, null);
    for (const child of [...node.children].sort((a, b) => a.position - b.position)) add(child, id);
  };
  for (const node of [...nodes].sort((a, b) => a.position - b.position)) add(node, null);
  for (const { write, entry } of queued) apply(tree, write, entry, me);

  const shown: GroupNode[] = [];
  const walk = (parentId: string | null, level: number) => {
    (tree.children.get(parentId) ?? []).forEach((id, position) => {
      const data = tree.data.get(id);
      if (!data) return;
      shown.push({ ...data, parentId, position, level });
      walk(id, level + 1);
    });
  };
  walk(null, 1);
  return shown;
}
