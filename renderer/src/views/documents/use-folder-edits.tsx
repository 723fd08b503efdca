/**
 * `useFolderEdits`: the folder edits of the Documents view, started from its toolbar, the tree's
 * keys (F2, M, Delete) or a drag: New folder (in the chosen folder), Rename, Move to…, Delete
 * (asks first; only an empty folder, as docs/ARCHITECTURE.md records), a folder dropped onto
 * another, and a document dropped onto a folder (`documents.save` with its new folder). What the
 * service would refuse (a folder into its own subfolder, the top folder moved or deleted, a folder
 * that holds something deleted) is said in words at once and nothing is queued. Every edit is
 * queued through the write path, offline too, and a toast says so. What the access rules refuse
 * (`saveFolder` and `deleteFolder` on the folder, `saveDocument` on a dropped document:
 * lib/use-access.ts) is not done, and a toast says why; `access` gives the toolbar the same judgement.
 */
import type { DragEndEvent } from '@dnd-kit/core';
import { type ReactNode, useState } from 'react';
import { type Folder, folderRefusalWords, movesIntoOwnSubtree } from '../../../../preload/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { TreeEditAction } from '../../components/tree-drag';
import { errorMessage } from '../../lib/errors';
import { type Access, allowedAccess, useAccessJudge } from '../../lib/use-access';
import { useRefusalGuard } from '../../lib/use-refusal-guard';
import { useBridge, useUi } from '../../stores/stores-context';
import { FolderMoveDialog, FolderNameDialog } from './folder-dialogs';

/** The prefix of a dragged document's dnd-kit id (folders are dragged by their own id). */
export const documentDragPrefix = 'document:';

/** What a dragged document carries to the drop (dnd-kit's `data`): enough to move it and judge the move. */
export interface DraggedDocument {
  folderId: string;
  title: string;
  ownerId: string;
}

/** What a queued change's toast says: true online and offline (sync sends it when it can). */
const queuedWords =
  'Saved on this computer; sent to the service as soon as it can be reached (see the pending changes, P).';

type Open = { kind: 'create' | TreeEditAction; folder: Folder } | null;

/** The edits, and what they show: `dialogs` (render them once) and `status` (a refusal or what was done, in words). */
export interface FolderEdits {
  act(action: 'create' | TreeEditAction, folder: Folder): void;
  /** Whether the access rules let the user do `action` on `folder`. */
  access(action: 'create' | TreeEditAction, folder: Folder): Access;
  onDragEnd(event: DragEndEvent): void;
  status: string | null;
  clearStatus(): void;
  dialogs: ReactNode;
}

/** Creates the edits over `folders`; `select` shows a folder (after a create or a move). */
export function useFolderEdits(folders: readonly Folder[], select: (id: string) => void): FolderEdits {
  const bridge = useBridge();
  const pushToast = useUi((s) => s.pushToast);
  const [open, setOpen] = useState<Open>(null);
  const [status, setStatus] = useState<string | null>(null);
  const judge = useAccessJudge();
  const guard = useRefusalGuard();
  const byId = (id: string | null) => folders.find((f) => f.id === id) ?? null;
  const close = () => setOpen(null);

  function saved(folder: Folder, what: string) {
    setOpen(null);
    setStatus(null);
    select(folder.id);
    pushToast({ title: what, body: queuedWords });
  }

  /** The refusal of `action` on `folder` known here, in words, or null. */
  function refusal(action: 'create' | TreeEditAction, folder: Folder): string | null {
    if (folder.parentId === null && action === 'move') return folderRefusalWords.topMove;
    if (action !== 'delete') return null;
    if (folder.parentId === null) return folderRefusalWords.topDelete;
    const subfolders = folders.filter((f) => f.parentId === folder.id).length;
    return folder.documentCount > 0 || subfolders > 0
      ? folderRefusalWords.holds(folder.name, folder.documentCount, subfolders)
      : null;
  }

  /** A new folder names no record; renaming and moving are `saveFolder`, deleting `deleteFolder`. */
  function access(action: 'create' | TreeEditAction, folder: Folder): Access {
    if (action === 'create') return allowedAccess;
    return judge(action === 'delete' ? 'deleteFolder' : 'saveFolder', folder);
  }

  function act(action: 'create' | TreeEditAction, folder: Folder) {
    guard(access(action, folder), () => {
      const refused = refusal(action, folder);
      setStatus(refused);
      if (!refused) setOpen({ kind: action, folder });
    });
  }

  async function run(what: string, work: () => Promise<unknown>): Promise<boolean> {
    try {
      await work();
      setStatus(null);
      pushToast({ title: what, body: queuedWords });
      return true;
    } catch (reason) {
      setStatus(errorMessage(reason));
      return false;
    }
  }

  async function moveFolder(folder: Folder, target: Folder) {
    if (target.id === folder.parentId) return;
    if (!guard(access('move', folder), () => undefined)) return;
    if (folder.parentId === null) return setStatus(folderRefusalWords.topMove);
    if (movesIntoOwnSubtree((id) => byId(id)?.parentId, folder.id, target.id))
      return setStatus(folderRefusalWords.cycle(folder.name));
    const moved = await run(`Moved "${folder.name}" into "${target.name}"`, () =>
      bridge.call('documents.saveFolder', { folder: { id: folder.id, parentId: target.id } }),
    );
    if (moved) select(folder.id);
  }

  async function moveDocument(id: string, title: string, target: Folder) {
    await run(`Moved "${title}" to "${target.name}"`, () =>
      bridge.call('documents.save', { document: { id, folderId: target.id } }),
    );
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const target = over ? byId(String(over.id)) : null;
    if (!target) return;
    const dragged = String(active.id);
    if (dragged.startsWith(documentDragPrefix)) {
      const data = active.data.current as DraggedDocument | undefined;
      if (data?.folderId === target.id) return;
      guard(judge('saveDocument', data), () => {
        void moveDocument(dragged.slice(documentDragPrefix.length), data?.title ?? 'the document', target);
      });
      return;
    }
    const folder = byId(dragged);
    if (folder && folder.id !== target.id) void moveFolder(folder, target);
  }

  let dialogs: ReactNode = null;
  if (open?.kind === 'create')
    dialogs = (
      <FolderNameDialog
        mode="create"
        parent={open.folder}
        onClose={close}
        onSaved={(folder) => saved(folder, `New folder "${folder.name}"`)}
      />
    );
  else if (open?.kind === 'rename')
    dialogs = (
      <FolderNameDialog
        mode="rename"
        folder={open.folder}
        onClose={close}
        onSaved={(folder) => saved(folder, `Renamed "${open.folder.name}" to "${folder.name}"`)}
      />
    );
  else if (open?.kind === 'move')
    dialogs = (
      <FolderMoveDialog
        folder={open.folder}
        folders={folders}
        onClose={close}
        onSaved={(folder) => saved(folder, `Moved "${folder.name}" into "${byId(folder.parentId)?.name ?? ''}"`)}
      />
    );
  else if (open?.kind === 'delete') {
    const folder = open.folder;
    dialogs = (
      <ConfirmDialog
        open
        title={`Delete "${folder.name}"?`}
        message={`The folder is empty. It goes from here at once and from the service as soon as it can be reached.`}
        confirmLabel="Delete folder"
        onCancel={close}
        onConfirm={() => {
          close();
          void run(`Deleted folder "${folder.name}"`, () =>
            bridge.call('documents.deleteFolder', { id: folder.id }),
          ).then((done) => {
            if (done && folder.parentId) select(folder.parentId);
          });
        }}
      />
    );
  }

  return { act, access, onDragEnd, status, clearStatus: () => setStatus(null), dialogs };
}
