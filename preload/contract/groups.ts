/**
 * Bridge calls of groups of contacts (api/openapi.yaml, tag Groups). Groups are not in the change
 * feed (`ChangeType`), so reads are asked on demand and the last answer is kept, with its age, for
 * offline use. Every change (create, rename, move, describe, add members, delete) goes through the
 * write path: queued in the outbox, sent by sync in order, so it works offline too; a refusal stays
 * in the pending changes in the service's words. See docs/ARCHITECTURE.md, "Decisions taken where
 * the design was silent".
 */
import { z } from 'zod';
import { type ApiSchemas, byId, call, empty, type KeptAnswer, uuid } from './common';
import {
  groupAddMembersSchema,
  groupCreateSchema,
  groupMetaSaveSchema,
  groupMoveSchema,
  groupRenameSchema,
} from './write-inputs';

/** A group as the service keeps it (the contract's Group). */
export type Group = ApiSchemas['Group'];
/** The member criteria of a dynamic group (the contract's GroupFilter). */
export type GroupFilter = ApiSchemas['GroupFilter'];
/** `static` (members listed) or `dynamic` (members match a filter). */
export type GroupKind = ApiSchemas['GroupKind'];

/** The deepest a group can sit: a top-level group is level 1 (api/openapi.yaml, `Create Group`). */
export const maxGroupLevel = 10;
/** Most groups one list call gathers (pages of 500 followed up to this bound). */
export const maxGroupList = 2000;

/** The operations of a group change waiting in the outbox. */
export const groupWriteOperations = [
  'createGroup',
  'renameGroup',
  'moveGroupInTree',
  'saveGroupMeta',
  'addToGroup',
  'deleteGroup',
  'deleteFromTree',
] as const;
export type GroupWriteOperation = (typeof groupWriteOperations)[number];

/** A change of a group made here and not yet accepted by the service. */
export interface QueuedGroupWrite {
  /** The outbox entry (its id is the change's Idempotency-Key). */
  entryId: string;
  operationId: GroupWriteOperation;
  /** The group it changes; for a create, null (the group has no id until the service answers). */
  groupId: string | null;
  summary: string;
  state: 'waiting' | 'sending' | 'conflict' | 'refused';
  /** Why the service refused it, in its words (null while waiting). */
  message: string | null;
}

/** A node of the group tree as shown: the service's tree with the changes still queued applied. */
export interface GroupNode {
  /** The group id; for a group created here and not yet sent, its outbox entry id. */
  id: string;
  parentId: string | null;
  name: string;
  kind: GroupKind;
  /**
   * The user who created it (the access rules' `owner`); for a group created here, the signed-in
   * user; null for groups made before contract 0.6.0, or by a service that does not say.
   */
  ownerId: string | null;
  /** Index among its siblings (0 first). */
  position: number;
  /** 1 for a top-level group. */
  level: number;
  memberCount: number;
  /** The latest queued change of this group, if any (its state says whether it was refused). */
  queued: QueuedGroupWrite | null;
  /** True for a group created here that the service does not have yet (it cannot be changed until then). */
  local: boolean;
}

/** The group tree: the nodes in tree order (parents before children, siblings by position). */
export type GroupTreeAnswer = KeptAnswer<{ nodes: GroupNode[]; truncated: boolean }> & {
  /** Every group change waiting in the outbox, oldest first. */
  queued: QueuedGroupWrite[];
};

/** One group (null: the service does not have it, or it was never read and cannot be now). */
export type GroupAnswer = KeptAnswer<Group | null> & { queued: QueuedGroupWrite[] };

/** Groups listed by the service; `complete` false when more than `maxGroupList` matched. */
export type GroupList = KeptAnswer<{ groups: Group[]; complete: boolean }>;

/**
 * True when moving group `id` under `parentId` would put it inside itself (its own subtree): the
 * cycle the service refuses with 409 (api/openapi.yaml, `Move Group in Tree`). `parentOf` gives a
 * group's parent id (null: top level, undefined: unknown).
 */
export function movesIntoOwnSubtree(
  parentOf: (groupId: string) => string | null | undefined,
  id: string,
  parentId: string | null,
): boolean {
  const seen = new Set<string>();
  for (let current = parentId; current; current = parentOf(current) ?? null) {
    if (current === id) return true;
    if (seen.has(current)) return false;
    seen.add(current);
  }
  return false;
}

export const groupsCalls = {
  /** The group tree (`Get Group Tree`): from the service when online, else the last one with its age. */
  'groups.tree': call<GroupTreeAnswer>()(empty),
  /** One group (`Get Group`) with its member count and the changes of it still queued. */
  'groups.get': call<GroupAnswer>()(byId),
  /** Groups whose name contains `q` (`Get List of groups`), by name. */
  'groups.list': call<GroupList>()(
    z
      .object({
        q: z.string().trim().min(1).max(120).optional(),
        kind: z.enum(['static', 'dynamic']).optional(),
      })
      .strict(),
  ),
  /** Static groups (`Get Static Groups`); with `contactId`, those the contact is a member of. */
  'groups.static': call<GroupList>()(z.object({ contactId: uuid.optional() }).strict()),
  /** Queues `Create Group`. */
  'groups.create': call<QueuedGroupWrite>()(z.object({ group: groupCreateSchema }).strict()),
  /** Queues `Rename Group`. */
  'groups.rename': call<QueuedGroupWrite>()(z.object({ rename: groupRenameSchema }).strict()),
  /** Queues `Move Group in Tree`; a move into the group's own subtree is refused here already. */
  'groups.move': call<QueuedGroupWrite>()(z.object({ move: groupMoveSchema }).strict()),
  /** Queues `Save Group Meta`; `version` is the group's version the edit was made against (If-Match). */
  'groups.saveMeta': call<QueuedGroupWrite>()(
    z.object({ meta: groupMetaSaveSchema, version: z.number().int().min(1).nullable() }).strict(),
  ),
  /** Queues `Add to Group` (static groups only). */
  'groups.addMembers': call<QueuedGroupWrite>()(z.object({ members: groupAddMembersSchema }).strict()),
  /** Queues `Delete Group` (a group without child groups). */
  'groups.delete': call<QueuedGroupWrite>()(byId),
  /** Queues `Delete From Tree` (its child groups move up to its parent). */
  'groups.deleteFromTree': call<QueuedGroupWrite>()(byId),
} as const;
