/**
 * The folder actions above the tree, on the chosen folder: New folder (in it), Rename (F2),
 * Move to… (M) and Delete (Delete), each as the access rules allow (refused, it says why). The keys
 * work on the focused folder in the tree. Beside them, the List | Grid switch of how the folder's documents show (remembered per user).
 */
import type { Folder } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import type { TreeEditAction } from '../../components/tree-drag';
import type { Access } from '../../lib/use-access';
import { type DocumentLayout, documentLayouts, useDocumentLayout } from './use-document-layout';

export interface FolderToolbarProps {
  /** The chosen folder. */
  folder: Folder;
  onAction(action: 'create' | TreeEditAction, folder: Folder): void;
  /** Whether the access rules let the user do `action` on `folder`. */
  access(action: 'create' | TreeEditAction, folder: Folder): Access;
}

const actions: Array<{ action: 'create' | TreeEditAction; label: string; key?: string }> = [
  { action: 'create', label: 'New folder' },
  { action: 'rename', label: 'Rename', key: 'F2' },
  { action: 'move', label: 'Move to…', key: 'M' },
  { action: 'delete', label: 'Delete', key: 'Delete' },
];

const layoutLabel: Record<DocumentLayout, string> = { list: 'List', grid: 'Grid' };

/** Renders the toolbar. */
export function FolderToolbar({ folder, onAction, access }: FolderToolbarProps) {
  const [layout, chooseLayout] = useDocumentLayout();
  return (
    <div className="folder-toolbar">
      <fieldset className="segmented folder-layout">
        <legend className="visually-hidden">Show documents as</legend>
        {documentLayouts.map((name) => (
          <button
            key={name}
            type="button"
            className="segmented-button"
            aria-pressed={layout === name}
            title={`Show the documents as a ${name === 'grid' ? 'grid of cards with thumbnails' : 'list'}`}
            onClick={() => chooseLayout(name)}
          >
            {layoutLabel[name]}
          </button>
        ))}
      </fieldset>
      {actions.map(({ action, label, key }) => (
        <ActionButton
          key={action}
          className="button button-small"
          aria-keyshortcuts={key}
          title={key ? `${label} (${key} in the tree)` : `${label} in "${folder.name}"`}
          refusal={access(action, folder).reason}
          onClick={() => onAction(action, folder)}
        >
          {label}
        </ActionButton>
      ))}
    </div>
  );
}
