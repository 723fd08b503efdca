/**
 * `useDocumentLayout`: how the Documents view shows a folder's documents, List or Grid, chosen in
 * the folder toolbar and remembered per user across restarts (lib/use-remembered-choice.ts).
 */
import { useRememberedChoice } from '../../lib/use-remembered-choice';

/** The layouts of a folder's documents. */
export const documentLayouts = ['list', 'grid'] as const;
export type DocumentLayout = (typeof documentLayouts)[number];

/** The current layout (List until the user chooses) and the function that chooses another. */
export function useDocumentLayout(): [DocumentLayout, (layout: DocumentLayout) => void] {
  return useRememberedChoice('documents.layout', documentLayouts, 'list');
}
