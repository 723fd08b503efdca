/** The folder hierarchy built from the flat folder list (the shared tree model, folders by name). */
import type { Folder } from '../../../../preload/contract';
import { childrenByParent as byParent } from '../../lib/tree-model';

/** Children by parent id (`null`: top level; folders whose parent is unknown count as top level), sorted by name. */
export function childrenByParent(folders: readonly Folder[]): Map<string | null, Folder[]> {
  return byParent(folders, (a, b) => a.name.localeCompare(b.name));
}
