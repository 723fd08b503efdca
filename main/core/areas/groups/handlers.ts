/**
 * Handlers of `groups.*`: groups of contacts (api/openapi.yaml, tag Groups). Groups are not in the
 * change feed (`ChangeType`), so the tree, a group and the lists are asked on demand and the last
 * answer is kept for offline use with its age (kept.ts). Every change goes through the write path
 * as an outbox entry of kind 'action' about no synced record (like `Save CMT`, see
 * docs/ARCHITECTURE.md, "Decisions taken where the design was silent"): kept across restarts, sent
 * in order by sync, a refusal kept in the pending changes in the service's words. Moves into a
 * group's own subtree are refused here already, in words, before they are queued.
 */
import {
  BridgeError,
  type Group,
  type GroupList,
  type GroupNode,
  maxGroupList,
  movesIntoOwnSubtree,
  type QueuedGroupWrite,
} from '../../../../preload/contract';
import type { ApiSchemas } from '../../../../preload/contract';
import { ServiceError } from '../../errors';
import type { OutboxRequest } from '../../writes/outbox-store';
import { queueAction } from '../../writes/waiting-action';
import type { AreaHandlers, HandlerContext } from '../context';
import { keptAnswer } from '../kept';
import { queuedGroupWrites, toQueuedGroupWrite } from './queued';
import { overlayTree } from './tree-overlay';

type Names =
  | 'groups.tree'
  | 'groups.get'
  | 'groups.list'
  | 'groups.static'
  | 'groups.create'
  | 'groups.rename'
  | 'groups.move'
  | 'groups.saveMeta'
  | 'groups.addMembers'
  | 'groups.delete'
  | 'groups.deleteFromTree';

type GroupTree = ApiSchemas['GroupTree'];

/** How long one call may take, ms. */
const timeoutMs = 10_000;
/** Groups per page asked of the service (api/openapi.yaml `Limit`: at most 500). */
const pageSize = 500;
/** The key under which the whole tree is kept. */
const treeKey = 'getGroupTree';

/** Groups a paged operation answers, page after page, up to `maxGroupList`. */
async function allPages(
  fetchPage: (cursor: string | undefined) => Promise<{ items: Group[]; nextCursor: string | null }>,
): Promise<{ groups: Group[]; complete: boolean }> {
  const groups: Group[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    groups.push(...page.items);
    if (page.nextCursor === null) return { groups, complete: true };
    if (groups.length >= maxGroupList) return { groups: groups.slice(0, maxGroupList), complete: false };
    cursor = page.nextCursor;
  }
}

/** The signed-in user's id (the owner of the groups created here), or null. */
function signedInId(ctx: HandlerContext): string | null {
  const state = ctx.session.state();
  return state.state === 'signedIn' ? state.user.id : null;
}

/** The tree as shown now, from the kept answer (not asking the service) and the queued changes. */
function currentNodes(ctx: HandlerContext): GroupNode[] {
  const kept = ctx.cache.state.getCached<GroupTree | null>(treeKey);
  return overlayTree(kept?.value?.nodes ?? [], queuedGroupWrites(ctx.outbox), signedInId(ctx));
}

/** The group `id` as shown now; refuses a group created here and not sent yet (it has no id on the service). */
function groupOf(nodes: readonly GroupNode[], id: string): GroupNode | null {
  const node = nodes.find((candidate) => candidate.id === id) ?? null;
  if (node?.local)
    throw new BridgeError(
      'invalid_input',
      `"${node.name}" is not on the service yet. It can be changed once it is sent (see the pending changes).`,
    );
  return node;
}

const named = (node: GroupNode | null) => (node ? `"${node.name}"` : 'a group');

/** Creates the groups handlers. */
export const groupsHandlers: AreaHandlers<Names> = (ctx) => {
  const api = () => ctx.session.api();

  function queue(request: OutboxRequest, summary: string, ifMatch: number | null = null): QueuedGroupWrite {
    // Groups are groups of contacts; the entry is about no one synced record.
    const entry = queueAction(ctx.writes, { recordType: 'contact', request, summary, ifMatch });
    return toQueuedGroupWrite(entry)!;
  }

  async function list(key: string, fetch: () => Promise<{ groups: Group[]; complete: boolean }>): Promise<GroupList> {
    return keptAnswer(ctx, key, fetch, { groups: [], complete: true });
  }

  return {
    'groups.tree': async () => {
      const kept = await keptAnswer<GroupTree | null>(
        ctx,
        treeKey,
        () => api().call('getGroupTree', { query: {}, timeoutMs }),
        null,
      );
      const queued = queuedGroupWrites(ctx.outbox);
      return {
        value: {
          nodes: overlayTree(kept.value?.nodes ?? [], queued, signedInId(ctx)),
          truncated: kept.value?.truncated ?? false,
        },
        fetchedAt: kept.fetchedAt,
        queued: queued.map(({ write }) => write),
      };
    },
    'groups.get': async ({ id }) => {
      const kept = await keptAnswer<Group | null>(
        ctx,
        `getGroup:${id}`,
        async () => {
          try {
            return await api().call('getGroup', { query: { id }, timeoutMs });
          } catch (err) {
            // 404: the group was deleted on the service, which is an answer.
            if (err instanceof ServiceError && err.status === 404) return null;
            throw err;
          }
        },
        null,
      );
      const queued = queuedGroupWrites(ctx.outbox)
        .map(({ write }) => write)
        .filter((write) => write.groupId === id);
      return { ...kept, queued };
    },
    'groups.list': async ({ q, kind }) =>
      list(`getGroups:${kind ?? ''}:${q ?? ''}`, () =>
        allPages((cursor) =>
          api().call('getGroups', { query: { q, kind, cursor, limit: pageSize, sort: 'name' }, timeoutMs }),
        ),
      ),
    'groups.static': async ({ contactId }) => {
      const id = contactId ? ctx.writes.currentId(contactId) : undefined;
      if (id && ctx.outbox.serviceIdOf(id) === null) return { value: { groups: [], complete: true }, fetchedAt: null };
      return list(`getStaticGroups:${id ?? ''}`, () =>
        allPages((cursor) =>
          api().call('getStaticGroups', { query: { contactId: id, cursor, limit: pageSize }, timeoutMs }),
        ),
      );
    },
    'groups.create': async ({ group }) => {
      const nodes = currentNodes(ctx);
      const parent = group.parentId ? groupOf(nodes, group.parentId) : null;
      const where = parent ? ` in "${parent.name}"` : '';
      return queue({ operationId: 'createGroup', body: { ...group } }, `Create the group "${group.name}"${where}`);
    },
    'groups.rename': async ({ rename }) => {
      const node = groupOf(currentNodes(ctx), rename.id);
      return queue({ operationId: 'renameGroup', body: { ...rename } }, `Rename ${named(node)} to "${rename.name}"`);
    },
    'groups.move': async ({ move }) => {
      const nodes = currentNodes(ctx);
      const node = groupOf(nodes, move.id);
      const parent = move.parentId ? groupOf(nodes, move.parentId) : null;
      const parentOf = (id: string) => nodes.find((candidate) => candidate.id === id)?.parentId;
      if (movesIntoOwnSubtree(parentOf, move.id, move.parentId))
        throw new BridgeError(
          'conflict',
          `${named(node)} cannot be moved into ${move.parentId === move.id ? 'itself' : `"${parent?.name}", one of its own subgroups`}: a group cannot contain itself. Choose another place.`,
        );
      const where = parent ? `into "${parent.name}"` : 'to the top level';
      return queue({ operationId: 'moveGroupInTree', body: { ...move } }, `Move ${named(node)} ${where}`);
    },
    'groups.saveMeta': async ({ meta, version }) => {
      const node = groupOf(currentNodes(ctx), meta.id);
      return queue({ operationId: 'saveGroupMeta', body: { ...meta } }, `Describe ${named(node)}`, version);
    },
    'groups.addMembers': async ({ members }) => {
      const node = groupOf(currentNodes(ctx), members.groupId);
      if (node?.kind === 'dynamic')
        throw new BridgeError(
          'conflict',
          `${named(node)} is a dynamic group: its members are the contacts matching its criteria, they cannot be added.`,
        );
      const contactIds = [...new Set(members.contactIds.map((id) => ctx.writes.currentId(id)))];
      const count = contactIds.length === 1 ? '1 contact' : `${contactIds.length} contacts`;
      return queue(
        { operationId: 'addToGroup', body: { groupId: members.groupId, contactIds } },
        `Add ${count} to ${named(node)}`,
      );
    },
    'groups.delete': async ({ id }) => {
      const nodes = currentNodes(ctx);
      const node = groupOf(nodes, id);
      if (nodes.some((candidate) => candidate.parentId === id))
        throw new BridgeError(
          'conflict',
          `${named(node)} has subgroups. Move or delete them first, or remove only this group from the tree (its subgroups move up).`,
        );
      return queue({ operationId: 'deleteGroup', query: { id } }, `Delete the group ${named(node)}`);
    },
    'groups.deleteFromTree': async ({ id }) => {
      const node = groupOf(currentNodes(ctx), id);
      return queue(
        { operationId: 'deleteFromTree', query: { id } },
        `Remove ${named(node)} from the tree (its subgroups move up)`,
      );
    },
  };
};
