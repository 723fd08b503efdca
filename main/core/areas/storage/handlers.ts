/** Handlers of `storage.*`: the notices about the data folder's files (main/core/storage-notices.ts). */
import type { AreaHandlers } from '../context';

/** Creates the storage handlers. */
export const storageHandlers: AreaHandlers<'storage.listNotices' | 'storage.dismissNotice'> = (ctx) => ({
  'storage.listNotices': async () => ctx.notices.list(),
  'storage.dismissNotice': async ({ id }) => ({ dismissed: ctx.notices.remove(id) }),
});
