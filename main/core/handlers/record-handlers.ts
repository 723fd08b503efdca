/** Handlers that read synced records from the cache: contacts, calendar events, folders and documents. */
import { existsSync } from 'node:fs';
import type { CoreHandlers } from '../platform';
import type { HandlerContext } from './context';

type Names =
  | 'contacts.list'
  | 'contacts.get'
  | 'calendar.listEvents'
  | 'documents.listFolders'
  | 'documents.list'
  | 'documents.get';

/** Creates the read handlers. Reads never need the service, so they work offline. */
export function recordHandlers(ctx: HandlerContext): Pick<CoreHandlers, Names> {
  const { cache } = ctx;
  return {
    'contacts.list': async ({ query, offset, limit }) => cache.contacts.list(query, offset, limit),
    'contacts.get': async ({ id }) => cache.contacts.get(id),
    'calendar.listEvents': async ({ from, to }) => {
      const fromMs = Date.parse(from);
      const toMs = Date.parse(to);
      return toMs > fromMs ? cache.calendar.listEvents(fromMs, toMs) : [];
    },
    'documents.listFolders': async () => cache.documents.listFolders(),
    'documents.list': async ({ folderId, query, offset, limit }) =>
      cache.documents.list(folderId, query, offset, limit),
    'documents.get': async ({ id }) => {
      const document = cache.documents.get(id);
      if (!document) return null;
      const local = cache.state.getDownload(id);
      const localPath =
        local?.localPath && local.sha256 === document.sha256 && existsSync(local.localPath) ? local.localPath : null;
      return { ...document, localPath };
    },
  };
}
