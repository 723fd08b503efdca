/** The folder tree as the options of a folder picker: every folder in tree order, named by its path ("Sales / Offers"). */
import type { Folder } from '../../../../preload/contract';
import { childrenByParent } from './folder-tree-model';

/** One option per folder, parents before their children, each labelled with its path from the top. */
export function folderOptions(folders: readonly Folder[]): Array<{ value: string; label: string }> {
  const children = childrenByParent(folders);
  const out: Array<{ value: string; label: string }> = [];
  const walk = (parentId: string | null, path: string) => {
    for (const folder of children.get(parentId) ?? []) {
      const label = path ? `${path} / ${folder.name}` : folder.name;
      out.push({ value: folder.id, label });
      walk(folder.id, label);
    }
  };
  walk(null, '');
  return out;
}
