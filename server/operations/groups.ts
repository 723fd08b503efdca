/** Operations of the Groups group: groups of contacts, static memberships and the group tree. */
import { randomUUID } from 'node:crypto';
import { buildGroupTree, maxGroups } from '../db/group-tree';
import type { Group } from '../db/groups';
import type { OperationHandlers } from '../http/bind';
import { checkIfMatch } from '../http/preconditions';
import { conflict, notFound, ProblemError, validationProblem } from '../http/problem';
import { childLevel, groupBody, moveGroup, placeChildren, spliceOut } from './group-edits';
import { type OperationDeps, versionETag } from './deps';

type GroupOperation =
  | 'createGroup'
  | 'getGroup'
  | 'getGroups'
  | 'getStaticGroups'
  | 'getGroupTree'
  | 'addToGroup'
  | 'renameGroup'
  | 'saveGroupMeta'
  | 'moveGroupInTree'
  | 'deleteFromTree'
  | 'deleteGroup';

/** Handlers of the Groups group. */
export function groupHandlers(deps: OperationDeps): Pick<OperationHandlers, GroupOperation> {
  const { store } = deps;
  const { groups } = deps.repos;

  const existing = (id: string): Group => {
    const group = groups.get(id);
    if (!group) throw notFound('group', id);
    return group;
  };
  const withETag = (reply: { header: (name: string, value: string) => unknown }, group: Group): Group => {
    reply.header('ETag', versionETag(group));
    return group;
  };
  const now = () => new Date().toISOString();

  return {
    createGroup: ({ body, reply, userId }) => {
      const filter = body.filter ?? null;
      if (body.kind === 'dynamic' && filter === null)
        throw validationProblem([{ pointer: '/body/filter', detail: 'is required for a dynamic group' }]);
      if (body.kind === 'static' && filter !== null)
        throw validationProblem([
          { pointer: '/body/filter', detail: 'must be null for a static group (its members are listed explicitly)' },
        ]);
      if (filter?.companyId && !store.companies.get(filter.companyId)) throw notFound('company', filter.companyId);
      const group = store.transaction(() => {
        if (groups.count() >= maxGroups)
          throw conflict(`The service holds at most ${maxGroups} groups; delete groups you no longer need first.`);
        childLevel(groups, body.parentId);
        const siblings = groups.children(body.parentId);
        return groups.save(randomUUID(), {
          name: body.name,
          kind: body.kind,
          parentId: body.parentId,
          position: siblings.length,
          description: body.description ?? null,
          colour: body.colour ?? null,
          tags: body.tags ?? [],
          filter,
          ownerId: userId,
        });
      });
      reply.code(201);
      return withETag(reply, group);
    },

    getGroup: ({ query, reply }) => withETag(reply, existing(query.id)),

    getGroups: ({ query }) => {
      if (query.parentId !== undefined && query.topLevel !== undefined)
        throw validationProblem([
          { pointer: '/query/topLevel', detail: 'cannot be combined with parentId; send one of the two' },
        ]);
      return groups.list({
        parentId: query.parentId,
        nested: query.topLevel === undefined ? undefined : !query.topLevel,
        kind: query.kind,
        q: query.q,
        sort: query.sort,
        cursor: query.cursor,
        limit: query.limit ?? 50,
      });
    },

    getStaticGroups: ({ query }) => {
      if (query.contactId !== undefined && !store.contacts.get(query.contactId))
        throw notFound('contact', query.contactId);
      return groups.list({
        kind: 'static',
        memberId: query.contactId,
        sort: 'name',
        cursor: query.cursor,
        limit: query.limit ?? 50,
      });
    },

    getGroupTree: ({ query }) => {
      const rootId = query.rootId ?? null;
      if (rootId !== null) existing(rootId);
      const maxDepth = query.maxDepth ?? 10;
      const tree = buildGroupTree(groups.treeRows(), { rootId, maxDepth, maxNodes: maxGroups });
      return { rootId, maxDepth, ...tree };
    },

    addToGroup: ({ body }) =>
      store.transaction(() => {
        const group = existing(body.groupId);
        if (group.kind === 'dynamic')
          throw conflict(
            `Group ${group.id} is dynamic: its members are the contacts matching its filter and cannot be added by hand.`,
          );
        const unknown = groups.unknownContacts(body.contactIds);
        if (unknown.size) {
          const errors = body.contactIds.flatMap((id, index) =>
            unknown.has(id)
              ? [{ pointer: `/body/contactIds/${index}`, detail: `no contact with id ${id} exists` }]
              : [],
          );
          throw new ProblemError(
            404,
            '/problems/not-found',
            `${unknown.size} of the contacts do not exist (see errors); nothing was added.`,
            { errors },
          );
        }
        const at = now();
        const added = groups.addMembers(group.id, body.contactIds, at);
        const saved = added ? groups.save(group.id, groupBody(group), { updatedAt: at }) : group;
        return { group: saved, added, alreadyMembers: body.contactIds.length - added };
      }),

    renameGroup: ({ body, headers, reply }) => {
      const group = store.transaction(() => {
        const current = existing(body.id);
        checkIfMatch(headers['If-Match'], current, 'group');
        return groups.save(current.id, { ...groupBody(current), name: body.name });
      });
      return withETag(reply, group);
    },

    saveGroupMeta: ({ body, headers, reply }) => {
      const group = store.transaction(() => {
        const current = existing(body.id);
        checkIfMatch(headers['If-Match'], current, 'group');
        const { description, colour, tags } = body;
        return groups.save(current.id, { ...groupBody(current), description, colour, tags });
      });
      return withETag(reply, group);
    },

    moveGroupInTree: ({ body, headers, reply }) => {
      const group = store.transaction(() => {
        const current = existing(body.id);
        checkIfMatch(headers['If-Match'], current, 'group');
        return moveGroup(groups, current, body.parentId, body.position, now());
      });
      return withETag(reply, group);
    },

    deleteFromTree: ({ query, reply }) => {
      store.transaction(() => spliceOut(groups, existing(query.id), now()));
      reply.code(204);
      return reply.send();
    },

    deleteGroup: ({ query, reply }) => {
      store.transaction(() => {
        const group = existing(query.id);
        const kids = groups.children(group.id);
        if (kids.length)
          throw conflict(
            `Group ${group.id} has ${kids.length} child group(s); move or delete them first, or use Delete From Tree to keep them.`,
          );
        groups.remove(group.id);
        placeChildren(groups, group.parentId, groups.children(group.parentId), now());
      });
      reply.code(204);
      return reply.send();
    },
  };
}
