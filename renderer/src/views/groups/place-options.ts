/** The places a group can go in the tree, for a select: "Top level" and every group, indented by level. */
import type { GroupNode } from '../../../../preload/contract';
import { isCycle } from './group-tree';

/**
 * Options for the places `moving` (null: a new group) can go: the top level and every group that is
 * on the service, except `moving` itself and its own subgroups (a group cannot contain itself).
 */
export function placeOptions(
  nodes: readonly GroupNode[],
  moving: GroupNode | null,
): { value: string; label: string }[] {
  const places = nodes.filter((node) => !node.local && !(moving && isCycle(nodes, moving, node.id)));
  return [
    { value: '', label: 'Top level' },
    ...places.map((node) => ({ value: node.id, label: `${'\u2003'.repeat(node.level - 1)}${node.name}` })),
  ];
}
