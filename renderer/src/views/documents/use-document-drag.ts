/**
 * `useDocumentDrag`: makes a document's row or card draggable onto a folder of the tree, which moves
 * it there (use-folder-edits.tsx handles the drop; the keyboard way is the folder field of Edit).
 */
import { useDraggable } from '@dnd-kit/core';
import type { DocumentRow } from '../../../../preload/contract';
import { documentDragPrefix } from './use-folder-edits';

/** The drag handle's ref and listeners for `document`, and whether it is being dragged now. */
export function useDocumentDrag(document: Pick<DocumentRow, 'id' | 'folderId' | 'title'>) {
  const drag = useDraggable({
    id: `${documentDragPrefix}${document.id}`,
    data: { folderId: document.folderId, title: document.title },
  });
  return { ref: drag.setNodeRef, listeners: drag.listeners, dragging: drag.isDragging };
}
