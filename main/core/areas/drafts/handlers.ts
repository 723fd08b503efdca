/** Handlers of `drafts.*`: forms keep what the user typed here until it is saved or discarded. */
import type { AreaHandlers } from '../context';

/** Creates the drafts handlers. */
export const draftsHandlers: AreaHandlers<'drafts.get' | 'drafts.put' | 'drafts.remove'> = (ctx) => ({
  'drafts.get': async ({ key }) => ctx.stores.drafts.get(key),
  'drafts.put': async ({ key, value }) => ctx.stores.drafts.put(key, value),
  'drafts.remove': async ({ key }) => ({ removed: ctx.stores.drafts.remove(key) }),
});
