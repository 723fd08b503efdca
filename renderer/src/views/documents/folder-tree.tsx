/**
 * The folder tree: the shared tree (components/tree-view.tsx) over the folders, by name; each
 * folder shows its document count.
 */
import type { Folder } from '../../../../preload/contract';
import { Icon } from '../../components/icon';
import { TreeView } from '../../components/tree-view';
import { formatCount, pluralize } from '../../lib/format';

export interface FolderTreeProps {
  folders: readonly Folder[];
  selectedId: string | null;
  onSelect(folderId: string): void;
}

const byName = (a: Folder, b: Folder) => a.name.localeCompare(b.name);

/** Renders the tree. */
export function FolderTree({ folders, selectedId, onSelect }: FolderTreeProps) {
  return (
    <TreeView
      nodes={folders}
      label="Folders"
      className="folder-tree"
      compare={byName}
      selectedId={selectedId}
      onSelect={onSelect}
      nameOf={(folder) => folder.name}
      describe={(folder) => pluralize(folder.documentCount, 'document')}
      renderContent={({ node: folder }) => (
        <>
          <Icon name="folder" size={16} />
          <span className="tree-name">{folder.name}</span>
          {/* The count is drawn from data-count (CSS) so the item's visible text is its name; the
              description gives it to assistive technology. */}
          <span className="tree-count" data-count={formatCount(folder.documentCount)} aria-hidden="true" />
        </>
      )}
    />
  );
}
