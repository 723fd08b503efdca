/**
 * Handlers of `documents.saveFolder` and `documents.deleteFolder`: folder edits through the write
 * path (applied to the cache at once, marked pending, queued for the service). What the service
 * would refuse with 409 (api/openapi.yaml, `Save a folder`, `Delete Folder`) is refused here in
 * words before anything is queued: a move into the folder itself or its subfolders, a move or
 * delete of the root, a name used beside it, and a delete of a folder that holds anything.
 */
import { BridgeError, type Folder, folderRefusalWords, movesIntoOwnSubtree } from '../../../../preload/contract';
import { namesClash } from '../../../../api/name-key';
import type { AreaHandlers, HandlerContext } from '../context';

type Names = 'documents.saveFolder' | 'documents.deleteFolder';

const gone = () => new BridgeError('not_found', 'That folder is not here any more; it may have been deleted.');

/** The folders in the cache, and lookups over them. */
function folderTree(ctx: HandlerContext) {
  const folders = ctx.stores.documents.listFolders();
  const byId = new Map(folders.map((f) => [f.id, f]));
  return {
    get: (id: string) => byId.get(ctx.writes.currentId(id)) ?? null,
    children: (id: string) => folders.filter((f) => f.parentId === id),
    parentOf: (id: string) => byId.get(id)?.parentId,
  };
}

/**
 * Refuses `name` when a folder other than `selfId` under `parentId` has a name that reads the same
 * (`api/name-key.ts`, as the service compares them).
 */
function checkNameFree(tree: ReturnType<typeof folderTree>, parent: Folder, name: string, selfId: string | null) {
  const holder = tree.children(parent.id).find((f) => f.id !== selfId && namesClash(f.name, name));
  if (holder)
    throw new BridgeError(
      'invalid_input',
      holder.name === name
        ? `"${parent.name}" already has a folder named "${name}". Choose another name.`
        : `"${parent.name}" already has a folder named "${holder.name}", which reads like "${name}". Choose another name.`,
      [{ pointer: '/folder/name', message: 'already used in this folder' }],
    );
}

/** Creates the folder edit handlers. */
export const folderHandlers: AreaHandlers<Names> = (ctx) => ({
  'documents.saveFolder': async ({ folder }) => {
    const tree = folderTree(ctx);
    const name = folder.name?.trim();
    if (!folder.id) {
      if (!folder.parentId || !name)
        throw new BridgeError('invalid_input', 'A new folder needs a name and the folder it goes in.', [
          { pointer: name ? '/folder/parentId' : '/folder/name', message: 'required' },
        ]);
      const parent = tree.get(folder.parentId);
      if (!parent) throw new BridgeError('invalid_input', 'The folder to create it in is not here any more.');
      checkNameFree(tree, parent, name, null);
      const created = ctx.writes.create('folder', { parentId: parent.id, name }, {});
      return folderTree(ctx).get(created.id)!;
    }
    const current = tree.get(folder.id);
    if (!current) throw gone();
    const parentId = folder.parentId === undefined ? current.parentId : ctx.writes.currentId(folder.parentId);
    if (parentId !== current.parentId) {
      if (current.parentId === null) throw new BridgeError('invalid_input', folderRefusalWords.topMove);
      if (movesIntoOwnSubtree(tree.parentOf, current.id, parentId))
        throw new BridgeError('invalid_input', folderRefusalWords.cycle(current.name), [
          { pointer: '/folder/parentId', message: 'choose a folder outside this one' },
        ]);
    }
    const parent = parentId ? tree.get(parentId) : null;
    if (parentId && !parent) throw new BridgeError('invalid_input', 'The folder to move it to is not here any more.');
    if (parent && (name !== undefined || parentId !== current.parentId))
      checkNameFree(tree, parent, name ?? current.name, current.id);
    const changes: Record<string, unknown> = {};
    if (name !== undefined && name !== current.name) changes.name = name;
    if (parentId !== current.parentId) changes.parentId = parentId;
    if (Object.keys(changes).length > 0) ctx.writes.update('folder', current.id, changes);
    return folderTree(ctx).get(current.id)!;
  },
  'documents.deleteFolder': async ({ id }) => {
    const tree = folderTree(ctx);
    const folder = tree.get(id);
    if (!folder) throw gone();
    if (folder.parentId === null) throw new BridgeError('invalid_input', folderRefusalWords.topDelete);
    const subfolders = tree.children(folder.id).length;
    if (folder.documentCount > 0 || subfolders > 0)
      throw new BridgeError('invalid_input', folderRefusalWords.holds(folder.name, folder.documentCount, subfolders));
    ctx.writes.remove('folder', folder.id);
    return { deleted: true };
  },
});
