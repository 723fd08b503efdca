/** Handler of `app.takeRecordLink`: the window takes the record link that arrived last (main/core/record-links.ts). */
import type { AreaHandlers } from '../context';

/** Creates the record-link handler. */
export const recordLinkHandlers: AreaHandlers<'app.takeRecordLink'> = (ctx) => ({
  'app.takeRecordLink': async () => ctx.recordLinks.take(),
});
