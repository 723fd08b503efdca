/**
 * The folder actions above the tree, on the chosen folder: New folder (in it), Rename (F2),
 * Move to… (M) and Delete (Delete). The keys work on the focused folder in the tree.
 */
import type { Folder } from '../../../../preload/contract';
import type { TreeEditAction } from '../../components/tree-drag';

export interface FolderToolbarProps {
  /** The chosen folder. */
  folder: Folder;
  onAction(action: 'create' | TreeEditAction, folder: Folder): void;
}

const actions: Array<{ action: 'create' | TreeEditAction; label: string; key?: string }> = [
  { action: 'create', label: 'New folder' },
  { action: 'rename', label: 'Rename', key: 'F2' },
  { action: 'move', label: 'Move to…', key: 'M' },
  { action: 'delete', label: 'Delete', key: 'Delete' },
];

/** Renders the toolbar. */
export function FolderToolbar({ folder, onAction }: FolderToolbarProps) {
  return (
    <div className="folder-toolbar">
      {actions.map(({ action, label, key }) => (
        <button
          key={action}
          type="button"
          className="button button-small"
          aria-keyshortcuts={key}
          title={key ? `${label} (${key} in the tree)` : `${label} in "${folder.name}"`}
          onClick={() => onAction(action, folder)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
