/** Bridge calls of the documents area: folders and documents from the cache, upload, download and open. */
import { z } from 'zod';
import {
  type ApiSchemas,
  byId,
  call,
  empty,
  fileRefSchema,
  type RecordSyncState,
  type RowWindow,
  searchText,
  uuid,
  windowInput,
} from './common';
import type { Transfer } from './transfers';
import { folderSaveSchema } from './write-inputs';

export type DocumentState = ApiSchemas['DocumentState'];

export interface Folder {
  id: string;
  parentId: string | null;
  name: string;
  /** The user who created it (the access rules' `owner`); null for the top folder and for folders made before contract 0.6.0. */
  ownerId: string | null;
  /** Documents directly in the folder (not in its subfolders). */
  documentCount: number;
  /** The state of the folder's queued change, when one has not reached the service yet. */
  syncState?: RecordSyncState;
}

const countOf = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * What a user is told when a folder edit is refused before anything is queued: the refusals the
 * service answers with 409 (api/openapi.yaml, `Save a folder` and `Delete Folder`). The desktop
 * deletes only empty folders (docs/ARCHITECTURE.md).
 */
export const folderRefusalWords = {
  topMove: 'The top folder cannot be moved.',
  topDelete: 'The top folder cannot be deleted.',
  cycle: (name: string) => `"${name}" cannot go into itself or one of its own subfolders. Choose a folder outside it.`,
  holds(name: string, documents: number, subfolders: number): string {
    const held = [
      documents > 0 ? countOf(documents, 'document') : '',
      subfolders > 0 ? countOf(subfolders, 'subfolder') : '',
    ]
      .filter(Boolean)
      .join(' and ');
    return `"${name}" holds ${held}. Only an empty folder can be deleted: move or delete what it holds first.`;
  },
};

/** A document in a list, with its owner (whom the access rules let change it). */
export type DocumentRow = Pick<
  ApiSchemas['Document'],
  'id' | 'folderId' | 'name' | 'title' | 'contentType' | 'size' | 'state' | 'updatedAt' | 'ownerId'
> & { syncState?: RecordSyncState };

/** A document and, when it has been downloaded on this machine, where. */
export type DocumentDetail = DocumentRow &
  Pick<ApiSchemas['Document'], 'sha256' | 'createdAt'> & {
    ownerName: string | null;
    localPath: string | null;
    /** The file's CRC-32 (hex), which a download is checked with; null when the cached record has none (synced from a service before contract 0.5.0). */
    crc32: string | null;
  };

/** Why a downloaded file was not opened: it can run code, and the user has not confirmed yet. */
export interface OpenWarning {
  /** The saved file's name, e.g. `invoice.pdf.exe`. */
  fileName: string;
  /** Its type in words, with its article: "a Windows program". */
  fileType: string;
  /** The sentence to show: "invoice.pdf.exe is a Windows program: it can run code on your computer. Open it only if you trust where it came from." */
  message: string;
}

/** The answer of `documents.open`: opened (`url` set in browser mode), or not opened with a warning. */
export type DocumentOpenResult = { url: string | null; warning?: undefined } | { url: null; warning: OpenWarning };

export const documentsCalls = {
  'documents.listFolders': call<Folder[]>()(empty),
  'documents.list': call<RowWindow<DocumentRow>>()(
    z.object({ folderId: uuid, query: searchText, ...windowInput }).strict(),
  ),
  'documents.get': call<DocumentDetail | null>()(byId),
  /**
   * Queues files for upload to a folder. Each is kept on this computer first (a private copy under
   * the data folder) and sent by itself as soon as the service can be reached, also after a restart
   * or an outage; the transfers start `queued`. Refuses empty files and files over the service's limit.
   */
  'documents.upload': call<Transfer[]>()(
    z.object({ folderId: uuid, files: z.array(fileRefSchema).min(1).max(100) }).strict(),
  ),
  'documents.download': call<Transfer>()(byId),
  /**
   * Creates a folder (no `id`: `parentId` and `name`), or renames and/or moves one, through the write
   * path: applied to the cache at once, marked pending, sent with If-Match. A move into the folder
   * itself or its own subfolders, a move of the root, and a name already used beside it (ignoring
   * case) are refused in words before anything is queued.
   */
  'documents.saveFolder': call<Folder>()(z.object({ folder: folderSaveSchema }).strict()),
  /**
   * Deletes an empty folder through the write path. A folder that holds documents or subfolders
   * here, and the root folder, are refused in words (the desktop never sends `recursive`; see
   * docs/ARCHITECTURE.md).
   */
  'documents.deleteFolder': call<{ deleted: true }>()(byId),
  /**
   * Opens a downloaded document in its viewer. `url` is set in browser mode, for the page to open.
   * A file that can run code (a program, script, installer, shortcut, disk image…) is not opened
   * unless `confirm` is true: the answer is then `{ url: null, warning }`, and the page asks the
   * user (naming the type) and calls again with `confirm: true`.
   */
  'documents.open': call<DocumentOpenResult>()(z.object({ id: uuid, confirm: z.boolean().optional() }).strict()),
} as const;
