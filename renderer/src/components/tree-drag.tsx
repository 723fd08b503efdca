/**
 * Editing a shared tree (components/tree-view.tsx) by hand: an item that can be dragged onto
 * another (with @dnd-kit/core, inside the caller's DndContext; dnd-kit's own ARIA attributes are
 * not used, the item is a treeitem), and the keys that edit the focused item (F2 rename, M move,
 * Delete delete). Used by the group tree and the documents' folder tree.
 */
import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { KeyboardEvent } from 'react';
import type { TreeNode } from '../lib/tree-model';
import type { TreeItemComponent } from './tree-view';

/** An edit of a tree item asked from the keyboard. */
export type TreeEditAction = 'rename' | 'move' | 'delete';

/** Which nodes take part: `fixed` ones are neither dragged nor dropped onto; `pinned` ones are only dropped onto. */
export interface TreeDragRules<T> {
  fixed?(node: T): boolean;
  pinned?(node: T): boolean;
}

/**
 * An item component that is draggable (its dnd-kit id is the node's id) and a drop target, as
 * `rules` say. Make it once per tree (module level), not on every render.
 */
export function draggableTreeItem<T extends TreeNode>(rules: TreeDragRules<T> = {}): TreeItemComponent<T> {
  return function DraggableTreeItem({ row, itemProps, children }) {
    const fixed = rules.fixed?.(row.node) ?? false;
    const drag = useDraggable({ id: row.node.id, disabled: fixed || (rules.pinned?.(row.node) ?? false) });
    const drop = useDroppable({ id: row.node.id, disabled: fixed });
    const { ref, className, ...rest } = itemProps;
    const classes = [
      className,
      drag.isDragging ? 'tree-dragging' : '',
      drop.isOver && !drag.isDragging ? 'tree-drop-over' : '',
    ]
      .filter(Boolean)
      .join(' ');
    return (
      <div
        {...rest}
        {...drag.listeners}
        className={classes}
        ref={(element) => {
          drag.setNodeRef(element);
          drop.setNodeRef(element);
          if (typeof ref === 'function') ref(element);
        }}
      >
        {children}
      </div>
    );
  };
}

/** The edit `event` asks for on the focused item (F2, M, Delete without modifiers), or null. */
export function treeEditAction(event: KeyboardEvent): TreeEditAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === 'F2') return 'rename';
  if (event.key === 'm' || event.key === 'M') return 'move';
  if (event.key === 'Delete') return 'delete';
  return null;
}
