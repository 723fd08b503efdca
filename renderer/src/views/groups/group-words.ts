/** Words of the groups view: kinds, queued states and the refusal of a move into a group's own subtree. */
import type { GroupKind, GroupNode, QueuedGroupWrite } from '../../../../preload/contract';

/** A kind in words. */
export const kindWords: Record<GroupKind, string> = {
  static: 'Static (members listed)',
  dynamic: 'Dynamic (members match criteria)',
};

/** A queued change's state in words ("Waiting to be sent", "Refused: …"). */
export function queuedWords(write: QueuedGroupWrite): string {
  if (write.state === 'refused' || write.state === 'conflict')
    return `Refused: ${write.message ?? 'the service did not accept it.'} Fix or discard it in the pending changes (P).`;
  return write.state === 'sending' ? 'Being sent' : 'Waiting to be sent';
}

/** Why `node` cannot go under `target`, in words (the cycle the service refuses), or null when it can. */
export function cycleWords(node: GroupNode, target: GroupNode | null): string {
  if (target?.id === node.id) return `"${node.name}" cannot be moved into itself. Choose another group.`;
  return `"${node.name}" cannot be moved into "${target?.name}", one of its own subgroups: a group cannot contain itself. Choose another group.`;
}
