/**
 * A tree of nodes (WAI-ARIA tree pattern, https://www.w3.org/WAI/ARIA/apg/patterns/treeview/): one
 * tab stop; Up/Down move between visible nodes, Right expands or enters, Left collapses or goes to
 * the parent, Home/End jump; the focused node is the selected one. Used by the documents' folders
 * and the groups; each gives the content of a row, and may wrap each item (drag and drop) and
 * answer more keys.
 */
import {
  type ComponentType,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ancestorIds, childrenByParent, type TreeNode, type TreeRow, visibleRows } from '../lib/tree-model';
import { Icon } from './icon';
import './tree-view.css';

/** What an item element must carry (role, ARIA state, focus, click); an `Item` spreads it on its root. */
export type TreeItemProps = HTMLAttributes<HTMLDivElement> & { ref: Ref<HTMLDivElement> };

/** Wraps one item: renders `itemProps` on its root element, with `children` inside. */
export type TreeItemComponent<T extends TreeNode> = ComponentType<{
  row: TreeRow<T>;
  itemProps: TreeItemProps;
  children: ReactNode;
}>;

export interface TreeViewProps<T extends TreeNode> {
  nodes: readonly T[];
  /** The tree's accessible name. */
  label: string;
  className?: string;
  /** Sibling order; without it, the order of `nodes`. */
  compare?: (a: T, b: T) => number;
  selectedId: string | null;
  onSelect(id: string): void;
  /** A node's name (its accessible name). */
  nameOf(node: T): string;
  /** What assistive technology reads after the name (a count, a state). */
  describe?(node: T): string;
  /** The row's content after its twisty (icon, name, counts). */
  renderContent(row: TreeRow<T>): ReactNode;
  /** More keys on the focused row; returns true when it handled the key. */
  onKey?(event: KeyboardEvent<HTMLDivElement>, row: TreeRow<T>): boolean;
  /** Wraps each item (e.g. to make it draggable); by default a plain element. */
  Item?: TreeItemComponent<T>;
}

function PlainItem({ itemProps, children }: { itemProps: TreeItemProps; children: ReactNode }) {
  return <div {...itemProps}>{children}</div>;
}

/** Renders the tree. */
export function TreeView<T extends TreeNode>(props: TreeViewProps<T>) {
  const { nodes, compare, selectedId, onSelect, nameOf, describe, renderContent, onKey } = props;
  const Item = props.Item ?? PlainItem;
  const baseId = useId();
  const children = useMemo(() => childrenByParent(nodes, compare), [nodes, compare]);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set((children.get(null) ?? []).map((n) => n.id)));
  const items = useRef(new Map<string, HTMLDivElement>());
  const moved = useRef(false);

  // Keep the path to the selected node open.
  useEffect(() => {
    if (!selectedId) return;
    const path = ancestorIds(nodes, selectedId);
    if (path.some((id) => !expanded.has(id))) setExpanded((current) => new Set([...current, ...path]));
  }, [nodes, selectedId, expanded]);

  const rows = useMemo(() => visibleRows(children, expanded), [children, expanded]);
  const focusId = rows.some((row) => row.node.id === selectedId) ? selectedId : (rows[0]?.node.id ?? null);

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
    const index = rows.findIndex((row) => row.node.id === focusId);
    if (index < 0) return;
    const row = rows[index];
    let target: TreeRow<T> | undefined;
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
        if (row.hasChildren && !expanded.has(row.node.id)) toggle(row.node.id, true);
        else if (row.hasChildren) target = rows[index + 1];
        break;
      case 'ArrowLeft':
        if (row.hasChildren && expanded.has(row.node.id)) toggle(row.node.id, false);
        else target = rows.find((candidate) => candidate.node.id === row.parentId);
        break;
      case 'Enter':
      case ' ':
        onSelect(row.node.id);
        break;
      default:
        if (!onKey?.(event, row)) return;
        break;
    }
    event.preventDefault();
    if (target) {
      moved.current = true;
      onSelect(target.node.id);
    }
  }

  return (
    <div role="tree" aria-label={props.label} className={props.className} onKeyDown={onKeyDown}>
      {rows.map((row) => {
        const { node, level, hasChildren } = row;
        const open = expanded.has(node.id);
        const description = describe?.(node);
        const descriptionId = `${baseId}-description-${node.id}`;
        const itemProps: TreeItemProps = {
          ref: (element: HTMLDivElement | null) => {
            if (element) items.current.set(node.id, element);
            else items.current.delete(node.id);
          },
          role: 'treeitem',
          'aria-label': nameOf(node),
          'aria-describedby': description ? descriptionId : undefined,
          'aria-level': level,
          'aria-setsize': row.setSize,
          'aria-posinset': row.position,
          'aria-expanded': hasChildren ? open : undefined,
          'aria-selected': node.id === selectedId,
          tabIndex: node.id === focusId ? 0 : -1,
          className: 'tree-item',
          // Keys are handled once for the whole tree (onKeyDown on role="tree"), as the tree pattern prescribes.
          onClick: () => onSelect(node.id),
        };
        return (
          <Item key={node.id} row={row} itemProps={itemProps}>
            <div className="tree-row" style={{ paddingLeft: `${(level - 1) * 16 + 6}px` }}>
              {hasChildren ? (
                <span
                  className={open ? 'tree-twisty tree-twisty-open' : 'tree-twisty'}
                  aria-hidden="true"
                  onClick={(event) => {
                    event.stopPropagation();
                    toggle(node.id, !open);
                  }}
                >
                  <Icon name="chevron" size={14} />
                </span>
              ) : (
                <span className="tree-twisty" aria-hidden="true" />
              )}
              {renderContent(row)}
              {description ? (
                <span className="visually-hidden" id={descriptionId}>
                  {description}
                </span>
              ) : null}
            </div>
          </Item>
        );
      })}
    </div>
  );
}
