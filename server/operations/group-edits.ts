/**
 * Changes to the group tree that touch several groups: placing siblings, moving a subtree and
 * splicing a node out. Each checks the tree's rules (no cycles, at most 10 levels) and throws a 409
 * problem when a rule would break; unique sibling names are the group table's own rule, whose
 * `NameTakenError` is a 409 too (`server/db/unique-names.ts`). Callers run them in one transaction,
 * so a refusal changes nothing.
 */
import { isSelfOrDescendant, levelOf, maxTreeLevel, subtreeHeight } from '../db/group-tree';
import type { Group, GroupRepo } from '../db/groups';
import { recordBody } from '../db/record-body';
import type { RecordBody } from '../db/record-table';
import { conflict, notFound } from '../http/problem';

/** The fields a group save supplies (everything the table and the read do not maintain). */
export function groupBody(group: Group): Omit<RecordBody<Group>, 'memberCount'> {
  const { memberCount: _m, ...body } = recordBody(group);
  return body;
}

/** Gives `ordered` the parent `parentId` and positions 0, 1, 2...; saves only the groups that change. */
export function placeChildren(groups: GroupRepo, parentId: string | null, ordered: readonly Group[], at: string): void {
  ordered.forEach((g, position) => {
    if (g.position !== position || g.parentId !== parentId)
      groups.save(g.id, { ...groupBody(g), parentId, position }, { updatedAt: at });
  });
}

/** The level a new child of `parentId` gets; throws 404 for an unknown parent and 409 beyond the depth limit. */
export function childLevel(groups: GroupRepo, parentId: string | null): number {
  if (parentId !== null && !groups.get(parentId)) throw notFound('group', parentId);
  const level = levelOf(parentId, groups.parentMap()) + 1;
  if (level > maxTreeLevel)
    throw conflict(
      `The group tree is at most ${maxTreeLevel} levels deep; the parent ${parentId} is at the deepest level.`,
    );
  return level;
}

/**
 * Moves `group` (with its subtree) under `parentId` at `position` (null or past the end: last).
 * Throws 404 for an unknown parent, 409 for a cycle, the depth limit or a sibling name clash.
 */
export function moveGroup(
  groups: GroupRepo,
  group: Group,
  parentId: string | null,
  position: number | null,
  at: string,
): Group {
  const parentOf = groups.parentMap();
  if (parentId !== null) {
    if (!parentOf.has(parentId)) throw notFound('group', parentId);
    if (isSelfOrDescendant(parentId, group.id, parentOf))
      throw conflict(
        `Group ${group.id} cannot move under ${parentId === group.id ? 'itself' : `its own descendant ${parentId}`}: the tree would have a cycle.`,
      );
  }
  const deepest = levelOf(parentId, parentOf) + subtreeHeight(group.id, parentOf);
  if (deepest > maxTreeLevel)
    throw conflict(
      `The move would put groups at level ${deepest}; the group tree is at most ${maxTreeLevel} levels deep.`,
    );
  const siblings = groups.children(parentId).filter((g) => g.id !== group.id);
  if (group.parentId !== parentId)
    placeChildren(
      groups,
      group.parentId,
      groups.children(group.parentId).filter((g) => g.id !== group.id),
      at,
    );
  const index = Math.min(position ?? siblings.length, siblings.length);
  const moved = { ...group, parentId, position: -1 };
  placeChildren(groups, parentId, [...siblings.slice(0, index), moved, ...siblings.slice(index)], at);
  return groups.get(group.id) as Group;
}

/**
 * Deletes `group` and moves its children up to its parent, in its place and order. Throws 409 when
 * a child's name clashes with one of its new siblings.
 */
export function spliceOut(groups: GroupRepo, group: Group, at: string): void {
  const kids = groups.children(group.id);
  const siblings = groups.children(group.parentId).filter((g) => g.id !== group.id);
  groups.remove(group.id);
  const index = siblings.findIndex((g) => g.position > group.position);
  const cut = index === -1 ? siblings.length : index;
  placeChildren(groups, group.parentId, [...siblings.slice(0, cut), ...kids, ...siblings.slice(cut)], at);
}
