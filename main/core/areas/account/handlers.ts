/**
 * Handlers of `account.*`: the signed-in user (`Gets current user`) and their settings (`Get
 * Contact Settings`), asked of the service on demand and kept with their age for offline use
 * (kept.ts); neither is in the change feed (ChangeType). `Save Contact Settings` goes through the
 * write path as an outbox entry of kind 'action' about no synced record, as `Save CMT` does
 * (main/core/areas/cmt/handlers.ts): kept across restarts, sent once by sync with If-Match of the
 * version it was edited against, a refusal kept in the service's words. One save waits at a time;
 * a newer one replaces it.
 */
import type {
  ContactSettings,
  CurrentUser,
  KeptAnswer,
  MySettings,
  QueuedSettings,
} from '../../../../preload/contract';
import type { ContactSettingsSave } from '../../../../preload/contract/write-inputs';
import type { StoredEntry } from '../../writes/outbox-store';
import { queueOrReplaceAction } from '../../writes/waiting-action';
import type { AreaHandlers, HandlerContext } from '../context';
import { keptAnswer } from '../kept';

type Names = 'account.me' | 'account.settings' | 'account.saveSettings';

/** The key the signed-in user's own settings are kept under. */
export const mySettingsKey = 'getContactSettings:me';

/** How long the signed-in user's roles answer without asking the service again, ms (the navigation asks on every view). */
const meFreshForMs = 60_000;

/** Time allowed for each read, ms. */
const readTimeoutMs = 10_000;

/** The settings save that has not been sent yet (the latest one), if any. */
function queuedSave(ctx: HandlerContext): StoredEntry | null {
  let found: StoredEntry | null = null;
  for (const entry of ctx.outbox.all()) if (entry.request.operationId === 'saveContactSettings') found = entry;
  return found;
}

function toQueued(entry: StoredEntry | null): QueuedSettings | null {
  if (!entry) return null;
  return {
    entryId: entry.id,
    preferences: (entry.request.body as ContactSettingsSave).preferences,
    state: entry.state,
    message: entry.message,
    fieldErrors: entry.fieldErrors,
  };
}

/** The settings as kept (fresh when the service can be reached) with the save waiting. */
async function mySettings(ctx: HandlerContext): Promise<MySettings> {
  const kept = await keptAnswer<ContactSettings | null>(
    ctx,
    mySettingsKey,
    () => ctx.session.api().call('getContactSettings', { query: {}, timeoutMs: readTimeoutMs }),
    null,
  );
  return { ...kept, queued: toQueued(queuedSave(ctx)) };
}

/**
 * The signed-in user with their roles (getCurrentUser): the service's answer when it can be
 * reached (at most once a minute), else the last one with its age.
 */
export function currentUser(ctx: HandlerContext): Promise<KeptAnswer<CurrentUser | null>> {
  return keptAnswer<CurrentUser | null>(
    ctx,
    'getCurrentUser',
    () => ctx.session.api().call('getCurrentUser', { timeoutMs: readTimeoutMs }),
    null,
    meFreshForMs,
  );
}

/** Creates the account handlers. */
export const accountHandlers: AreaHandlers<Names> = (ctx) => ({
  'account.me': () => currentUser(ctx),
  'account.settings': () => mySettings(ctx),
  'account.saveSettings': async ({ settings, version }) => {
    const request = { operationId: 'saveContactSettings' as const, body: settings };
    // One save waits at a time: the newer preferences replace the older ones, sent with the
    // version the newer edit was made against.
    queueOrReplaceAction(ctx, queuedSave(ctx), {
      recordType: 'contact',
      request,
      summary: 'Save your settings',
      ifMatch: version,
    });
    return mySettings(ctx);
  },
});
