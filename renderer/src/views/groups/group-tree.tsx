/**
 * The group tree: the shared tree (components/tree-view.tsx) over the groups in their order, each
 * with its kind, member count and a queued change's state in words. A group is moved by dragging
 * it onto another group (it goes last among that group's subgroups) or onto "Top level" (with
 * @dnd-kit/core, pointer only); the keyboard way is the "Move to…" dialog (M). A move into the
 * group's own subtree is refused in words before anything is queued. F2 renames, Delete deletes.
 */
import { DndContext, type DragEndEvent, PointerSensor, useDroppable, useSensor, useSensors } from '@dnd-kit/core';
import type { KeyboardEvent } from 'react';
import { type GroupNode, movesIntoOwnSubtree } from '../../../../preload/contract';
import { Icon } from '../../components/icon';
import { draggableTreeItem, treeEditAction } from '../../components/tree-drag';
import { TreeView } from '../../components/tree-view';
import { formatCount, pluralize } from '../../lib/format';
import type { TreeRow } from '../../lib/tree-model';
import { queuedWords } from './group-words';

/** The id of the drop zone that moves a group to the top level. */
const topLevelId = 'top-level';

export interface GroupTreeProps {
  nodes: readonly GroupNode[];
  selectedId: string | null;
  onSelect(id: string): void;
  /** A drop on `parentId` (null: top level); the view refuses a cycle in words. */
  onMove(node: GroupNode, parentId: string | null): void;
  /** F2, M, Delete on the focused group. */
  onKeyAction(action: 'rename' | 'move' | 'delete', node: GroupNode): void;
}

/** A group, draggable and a drop target, except one not on the service yet. */
const DraggableItem = draggableTreeItem<GroupNode>({ fixed: (node) => node.local });

function TopLevelZone() {
  const drop = useDroppable({ id: topLevelId });
  return (
    <div ref={drop.setNodeRef} className={drop.isOver ? 'group-top-zone tree-drop-over' : 'group-top-zone'}>
      Drop here to move a group to the top level
    </div>
  );
}

const describe = (node: GroupNode) =>
  [
    node.kind === 'dynamic' ? 'Dynamic group' : 'Static group',
    pluralize(node.memberCount, 'member'),
    node.local ? 'not on the service yet' : '',
    node.queued ? queuedWords(node.queued) : '',
  ]
    .filter(Boolean)
    .join(', ');

/** Renders the tree with drag and drop. */
export function GroupTree({ nodes, selectedId, onSelect, onMove, onKeyAction }: GroupTreeProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  function onDragEnd({ active, over }: DragEndEvent) {
    const node = nodes.find((candidate) => candidate.id === active.id);
    if (!node || !over || over.id === active.id) return;
    const parentId = over.id === topLevelId ? null : String(over.id);
    if (parentId === node.parentId) return;
    onMove(node, parentId);
  }

  function onKey(event: KeyboardEvent<HTMLDivElement>, row: TreeRow<GroupNode>): boolean {
    const action = treeEditAction(event);
    if (!action) return false;
    onKeyAction(action, row.node);
    return true;
  }

  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <TreeView
        nodes={nodes}
        label="Groups"
        className="group-tree"
        selectedId={selectedId}
        onSelect={onSelect}
        nameOf={(node) => node.name}
        describe={describe}
        onKey={onKey}
        Item={DraggableItem}
        renderContent={({ node }) => (
          <>
            <Icon name={node.kind === 'dynamic' ? 'filter' : 'groups'} size={16} />
            <span className="tree-name">{node.name}</span>
            {node.queued ? (
              // Drawn from data-mark (CSS) so the item's visible text is its name; the description says it.
              <span
                className={`tree-mark tree-mark-${node.queued.state}`}
                data-mark={node.queued.state === 'refused' || node.queued.state === 'conflict' ? 'Refused' : 'Pending'}
                aria-hidden="true"
              />
            ) : null}
            <span className="tree-count" data-count={formatCount(node.memberCount)} aria-hidden="true" />
          </>
        )}
      />
      <TopLevelZone />
    </DndContext>
  );
}

/** True when `parentId` is `node` itself or one of its subgroups in `nodes`. */
export function isCycle(nodes: readonly GroupNode[], node: GroupNode, parentId: string | null): boolean {
  return movesIntoOwnSubtree((id) => nodes.find((candidate) => candidate.id === id)?.parentId, node.id, parentId);
}
