/**
 * The folder tree (WAI-ARIA tree pattern): one tab stop; Up/Down move between visible folders,
 * Right expands or enters, Left collapses or goes to the parent, Home/End jump; the focused folder
 * is the selected one. Each folder shows its document count.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Folder } from '../../../../preload/contract';
import { Icon } from '../../components/icon';
import { formatCount } from '../../lib/format';
import { ancestorIds, childrenByParent, type TreeRow, visibleRows } from './folder-tree-model';

export interface FolderTreeProps {
  folders: readonly Folder[];
  selectedId: string | null;
  onSelect(folderId: string): void;
}

/** Renders the tree. */
export function FolderTree({ folders, selectedId, onSelect }: FolderTreeProps) {
  const baseId = useId();
  const children = useMemo(() => childrenByParent(folders), [folders]);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set((children.get(null) ?? []).map((f) => f.id)));
  const items = useRef(new Map<string, HTMLDivElement>());
  const moved = useRef(false);

  // Keep the path to the selected folder open.
  useEffect(() => {
    if (!selectedId) return;
    const path = ancestorIds(folders, selectedId);
    if (path.some((id) => !expanded.has(id))) setExpanded((current) => new Set([...current, ...path]));
  }, [folders, selectedId, expanded]);

  const rows = useMemo(() => visibleRows(children, expanded), [children, expanded]);
  const focusId = rows.some((row) => row.folder.id === selectedId) ? selectedId : (rows[0]?.folder.id ?? null);

  useEffect(() => {
    if (moved.current && focusId) items.current.get(focusId)?.focus();
    moved.current = false;
  }, [focusId]);

  function toggle(id: string, open: boolean) {
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = rows.findIndex((row) => row.folder.id === focusId);
    if (index < 0) return;
    const row = rows[index];
    let target: TreeRow | undefined;
    switch (event.key) {
      case 'ArrowDown':
        target = rows[index + 1];
        break;
      case 'ArrowUp':
        target = rows[index - 1];
        break;
      case 'Home':
        target = rows[0];
        break;
      case 'End':
        target = rows[rows.length - 1];
        break;
      case 'ArrowRight':
        if (row.hasChildren && !expanded.has(row.folder.id)) toggle(row.folder.id, true);
        else if (row.hasChildren) target = rows[index + 1];
        break;
      case 'ArrowLeft':
        if (row.hasChildren && expanded.has(row.folder.id)) toggle(row.folder.id, false);
        else target = rows.find((candidate) => candidate.folder.id === row.parentId);
        break;
      case 'Enter':
      case ' ':
        onSelect(row.folder.id);
        break;
      default:
        return;
    }
    event.preventDefault();
    if (target) {
      moved.current = true;
      onSelect(target.folder.id);
    }
  }

  const render = (parentId: string | null, level: number): ReactNode =>
    (children.get(parentId) ?? []).map((folder) => {
      const kids = children.get(folder.id) ?? [];
      const open = expanded.has(folder.id);
      const countId = `${baseId}-count-${folder.id}`;
      return (
        // Keys are handled once for the whole tree (onKeyDown on role="tree"), as the tree pattern prescribes.
        // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handled by the tree.
        <div
          key={folder.id}
          ref={(element) => {
            if (element) items.current.set(folder.id, element);
            else items.current.delete(folder.id);
          }}
          role="treeitem"
          aria-label={folder.name}
          aria-describedby={countId}
          aria-level={level}
          aria-expanded={kids.length > 0 ? open : undefined}
          aria-selected={folder.id === selectedId}
          tabIndex={folder.id === focusId ? 0 : -1}
          className="tree-item"
          onClick={(event) => {
            event.stopPropagation();
            onSelect(folder.id);
          }}
        >
          <div className="tree-row" style={{ paddingLeft: `${(level - 1) * 16 + 6}px` }}>
            {kids.length > 0 ? (
              <span
                className={open ? 'tree-twisty tree-twisty-open' : 'tree-twisty'}
                aria-hidden="true"
                onClick={(event) => {
                  event.stopPropagation();
                  toggle(folder.id, !open);
                }}
              >
                <Icon name="chevron" size={14} />
              </span>
            ) : (
              <span className="tree-twisty" aria-hidden="true" />
            )}
            <Icon name="folder" size={16} />
            <span className="tree-name">{folder.name}</span>
            <span className="tree-count" id={countId}>
              {formatCount(folder.documentCount)}
              <span className="visually-hidden"> {folder.documentCount === 1 ? 'document' : 'documents'}</span>
            </span>
          </div>
          {kids.length > 0 && open ? (
            // biome-ignore lint/a11y/useSemanticElements: a tree's nested level is role="group" (WAI-ARIA tree pattern).
            <div role="group">{render(folder.id, level + 1)}</div>
          ) : null}
        </div>
      );
    });

  return (
    <div role="tree" aria-label="Folders" className="folder-tree" onKeyDown={onKeyDown}>
      {render(null, 1)}
    </div>
  );
}
