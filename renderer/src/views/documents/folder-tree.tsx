/**
 * The folder tree (WAI-ARIA tree pattern): one tab stop; Up/Down move between visible folders,
 * Right expands or enters, Left collapses or goes to the parent, Home/End jump; the focused folder
 * is the selected one. Each folder shows its document count.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Folder } from '../../../../preload/contract';
import { Icon } from '../../components/icon';
import { formatCount, pluralize } from '../../lib/format';
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

  return (
    <div role="tree" aria-label="Folders" className="folder-tree" onKeyDown={onKeyDown}>
      {rows.map((row) => {
        const { folder, level, hasChildren } = row;
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
            aria-setsize={row.setSize}
            aria-posinset={row.position}
            aria-expanded={hasChildren ? open : undefined}
            aria-selected={folder.id === selectedId}
            tabIndex={folder.id === focusId ? 0 : -1}
            className="tree-item"
            onClick={() => onSelect(folder.id)}
          >
            <div className="tree-row" style={{ paddingLeft: `${(level - 1) * 16 + 6}px` }}>
              {hasChildren ? (
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
              {/* The count is drawn from data-count (CSS) so the item's visible text is its name; the
                  description below gives it to assistive technology. */}
              <span className="tree-count" data-count={formatCount(folder.documentCount)} aria-hidden="true" />
              <span className="visually-hidden" id={countId}>
                {pluralize(folder.documentCount, 'document')}
              </span>
            </div>
          </div>
        );
      })}
    </div>
  );
}
