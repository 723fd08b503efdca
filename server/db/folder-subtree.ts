/** The folders and documents below a folder, for a recursive delete and its access check. */
import type { Db } from './schema';

/** Most documents one recursive folder delete removes (the contract states it). */
export const maxRecursiveDeleteDocuments = 10_000;

/** A folder's subtree: its id and every folder's below it, deepest first, and the documents in them. */
export interface FolderSubtree {
  folders: string[];
  /** At most `maxRecursiveDeleteDocuments + 1` ids, so that a caller can tell when there are too many. */
  documents: string[];
}

/** The ids of a folder and every folder below it, deepest first, and of the documents in them. */
export function folderSubtree(db: Db, folderId: string): FolderSubtree {
  const folders = db
    .prepare(
      `WITH RECURSIVE tree(id, depth) AS (SELECT ?, 0
        UNION ALL SELECT f.id, t.depth + 1 FROM folders f JOIN tree t ON f.parent_id = t.id)
       SELECT id FROM tree ORDER BY depth DESC`,
    )
    .pluck()
    .all(folderId) as string[];
  const documents = db
    .prepare(`SELECT id FROM documents WHERE folder_id IN (SELECT value FROM json_each(?)) LIMIT ?`)
    .pluck()
    .all(JSON.stringify(folders), maxRecursiveDeleteDocuments + 1) as string[];
  return { folders, documents };
}
