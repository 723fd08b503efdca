/**
 * The folder tree: the shared tree (components/tree-view.tsx) over the folders, by name; each
 * folder shows its document count and, while a change of it waits to be sent, its state in words.
 * A folder can be dragged onto another (the top folder stays where it is); the view's DndContext
 * also takes documents dragged from the list. F2 renames, M moves, Delete deletes the focused folder.
 */
import type { KeyboardEvent } from 'react';
import type { Folder } from '../../../../preload/contract';
import { Icon } from '../../components/icon';
import { draggableTreeItem, type TreeEditAction, treeEditAction } from '../../components/tree-drag';
import { TreeView } from '../../components/tree-view';
import { formatCount, pluralize } from '../../lib/format';
import type { TreeRow } from '../../lib/tree-model';

export interface FolderTreeProps {
  folders: readonly Folder[];
  selectedId: string | null;
  onSelect(folderId: string): void;
  /** F2, M, Delete on the focused folder. */
  onKeyAction(action: TreeEditAction, folder: Folder): void;
}

const byName = (a: Folder, b: Folder) => a.name.localeCompare(b.name);

/** A folder, draggable and a drop target; the top folder is only a drop target. */
const FolderItem = draggableTreeItem<Folder>({ pinned: (folder) => folder.parentId === null });

const stateWords: Record<string, string> = {
  pending: 'change not sent yet',
  conflict: 'changed on the service too',
  refused: 'change refused by the service',
};

/** The mark of a folder whose change waits (drawn from data-mark; `stateWords` say it). */
const markWords: Record<string, string> = { pending: 'Pending', conflict: 'Conflict', refused: 'Refused' };

const describe = (folder: Folder) =>
  [pluralize(folder.documentCount, 'document'), stateWords[folder.syncState ?? ''] ?? ''].filter(Boolean).join(', ');

/** Renders the tree. */
export function FolderTree({ folders, selectedId, onSelect, onKeyAction }: FolderTreeProps) {
  function onKey(event: KeyboardEvent<HTMLDivElement>, row: TreeRow<Folder>): boolean {
    const action = treeEditAction(event);
    if (!action) return false;
    onKeyAction(action, row.node);
    return true;
  }

  return (
    <TreeView
      nodes={folders}
      label="Folders"
      className="folder-tree"
      compare={byName}
      selectedId={selectedId}
      onSelect={onSelect}
      nameOf={(folder) => folder.name}
      describe={describe}
      onKey={onKey}
      Item={FolderItem}
      renderContent={({ node: folder }) => (
        <>
          <Icon name="folder" size={16} />
          <span className="tree-name">{folder.name}</span>
          {folder.syncState && folder.syncState !== 'synced' ? (
            <span
              className={`tree-mark tree-mark-${folder.syncState}`}
              data-mark={markWords[folder.syncState]}
              aria-hidden="true"
            />
          ) : null}
          {/* The count is drawn from data-count (CSS) so the item's visible text is its name; the
              description gives it to assistive technology. */}
          <span className="tree-count" data-count={formatCount(folder.documentCount)} aria-hidden="true" />
        </>
      )}
    />
  );
}
