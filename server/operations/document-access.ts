/**
 * Shared pieces of the Documents operations: loading a document or folder (404) and the text of
 * notifications. Who may call them is the contract's `x-access` (`server/http/access.ts`).
 */
import type { DocumentRecord, Folder } from '../db/documents';
import type { ServiceStore } from '../db/store';
import { notFound } from '../http/problem';

/** The document `id`; throws 404 when there is none. */
export function requireDocument(store: ServiceStore, id: string): DocumentRecord {
  const document = store.documents.get(id);
  if (!document) throw notFound('document', id);
  return document;
}

/** The folder `id`; throws 404 when there is none. */
export function requireFolder(store: ServiceStore, id: string): Folder {
  const folder = store.documents.folder(id);
  if (!folder) throw notFound('folder', id);
  return folder;
}

/** A user's display name ("First Last"), or "Someone" for an unknown id. */
export function userName(store: ServiceStore, userId: string): string {
  const user = store.users.currentUser(userId);
  return user ? `${user.firstName} ${user.lastName}` : 'Someone';
}

/** Cuts text to `max` characters, ending with an ellipsis when cut (notification titles and bodies). */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The extension of a file name, lower case, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
