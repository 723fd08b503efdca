/**
 * The records the access rules of `api/openapi.yaml` name (`x-access-model.resources`), loaded from
 * the service's repositories as the contract shapes them, and what a folder or group contains for
 * a cascade. The enforcement is `server/http/access.ts`; this file only knows where records live.
 */
import type { Caller } from '../../api/access';
import { accessModel } from '../../api/generated/access';
import { folderSubtree } from '../db/folder-subtree';
import type { ServiceRepos } from '../db/service-repos';
import type { ServiceStore } from '../db/store';
import type { AccessRecord, AccessResources } from '../http/access';

type Loader = (id: string) => object | undefined;

/** The access resources of one running service. Throws at start when a declared resource has no loader. */
export function serviceAccessResources(store: ServiceStore, repos: ServiceRepos): AccessResources {
  const loaders: Record<string, Loader> = {
    user: (id) => store.users.currentUser(id),
    contact: (id) => store.contacts.get(id),
    contactQuery: (id) => repos.contactQueries.table.get(id),
    calendarEvent: (id) => store.calendar.get(id),
    folder: (id) => store.documents.folder(id),
    document: (id) => store.documents.get(id),
    campaign: (id) => repos.campaigns.get(id),
    group: (id) => repos.groups.get(id),
    comment: (id) => repos.comments.get(id),
    story: (id) => repos.stories.get(id),
  };
  const missing = Object.keys(accessModel.resources).filter((name) => !loaders[name]);
  if (missing.length) throw new Error(`No loader for the access resources: ${missing.join(', ')}`);

  const all = (resource: string, ids: readonly string[]) =>
    ids.flatMap((id) => {
      const record = loaders[resource](id);
      return record ? [{ resource, record: record as AccessRecord }] : [];
    });

  return {
    caller: (userId): Caller | undefined => {
      const user = store.users.currentUser(userId);
      return user && { id: user.id, roles: user.roles, permissions: user.permissions };
    },
    load: (resource, id) => loaders[resource]?.(id) as AccessRecord | undefined,
    contained: (resource, record) => {
      const id = String(record.id);
      if (resource === 'folder') {
        const tree = folderSubtree(store.db, id);
        return [
          ...all(
            'folder',
            tree.folders.filter((f) => f !== id),
          ),
          ...all('document', tree.documents),
        ];
      }
      if (resource === 'group')
        return repos.groups.children(id).map((group) => ({ resource, record: group as AccessRecord }));
      return [];
    },
  };
}
