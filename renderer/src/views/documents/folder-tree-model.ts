/** The folder hierarchy built from the flat folder list, and its visible (expanded) rows in order. */
import type { Folder } from '../../../../preload/contract';

/** A folder's place in the visible tree. */
export interface TreeRow {
  folder: Folder;
  /** 1 for top-level folders. */
  level: number;
  hasChildren: boolean;
  parentId: string | null;
  /** Number of siblings including itself, and its 1-based position among them (aria-setsize/posinset). */
  setSize: number;
  position: number;
}

/** Children by parent id (`null`: top level; folders whose parent is unknown count as top level), sorted by name. */
export function childrenByParent(folders: readonly Folder[]): Map<string | null, Folder[]> {
  const ids = new Set(folders.map((folder) => folder.id));
  const map = new Map<string | null, Folder[]>();
  for (const folder of folders) {
    const parent = folder.parentId !== null && ids.has(folder.parentId) ? folder.parentId : null;
    const siblings = map.get(parent) ?? [];
    siblings.push(folder);
    map.set(parent, siblings);
  }
  for (const siblings of map.values()) siblings.sort((a, b) => a.name.localeCompare(b.name));
  return map;
}

/** The rows a user sees, depth first, descending only into `expanded` folders. */
export function visibleRows(children: Map<string | null, Folder[]>, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (parentId: string | null, level: number) => {
    const siblings = children.get(parentId) ?? [];
    siblings.forEach((folder, index) => {
      const hasChildren = (children.get(folder.id)?.length ?? 0) > 0;
      rows.push({ folder, level, hasChildren, parentId, setSize: siblings.length, position: index + 1 });
      if (hasChildren && expanded.has(folder.id)) walk(folder.id, level + 1);
    });
  };
  walk(null, 1);
  return rows;
}

/** Ids of `folderId` and all its ancestors (to expand the path to a selected folder). */
export function ancestorIds(folders: readonly Folder[], folderId: string): string[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const ids: string[] = [];
  let current = byId.get(folderId);
  const seen = new Set<string>();
  while (current?.parentId && !seen.has(current.parentId)) {
    seen.add(current.parentId);
    ids.push(current.parentId);
    current = byId.get(current.parentId);
  }
  return ids;
}
