/**
 * `useDocumentDrag`: makes a document's row or card draggable onto a folder of the tree, which moves
 * it there (use-folder-edits.tsx handles the drop; the keyboard way is the folder field of Edit).
 * A document the access rules do not let the user move (`saveDocument`: lib/use-access.ts) is not
 * draggable.
 */
import { useDraggable } from '@dnd-kit/core';
import type { DocumentRow } from '../../../../preload/contract';
import { useAccess } from '../../lib/use-access';
import { type DraggedDocument, documentDragPrefix } from './use-folder-edits';

/** The drag handle's ref and listeners for `document`, and whether it is being dragged now. */
export function useDocumentDrag(document: Pick<DocumentRow, 'id' | 'folderId' | 'title' | 'ownerId'>) {
  const { allowed } = useAccess('saveDocument', document);
  const data: DraggedDocument = { folderId: document.folderId, title: document.title, ownerId: document.ownerId };
  const drag = useDraggable({ id: `${documentDragPrefix}${document.id}`, data, disabled: !allowed });
  return { ref: drag.setNodeRef, listeners: drag.listeners, dragging: drag.isDragging };
}
