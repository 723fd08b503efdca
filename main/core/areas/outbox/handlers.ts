/** Handlers of `outbox.*`: the pending-changes panel lists, retries, discards and resolves queued edits. */
import type { AreaHandlers } from '../context';

type Names = 'outbox.list' | 'outbox.retry' | 'outbox.discard' | 'outbox.resolve';

/** Creates the outbox handlers. */
export const outboxHandlers: AreaHandlers<Names> = (ctx) => ({
  'outbox.list': async () => ctx.writes.list(),
  'outbox.retry': async ({ id }) => ctx.writes.retry(id),
  'outbox.discard': async ({ id }) => ({ discarded: ctx.writes.discard(id) }),
  'outbox.resolve': async (input) =>
    'choices' in input
      ? ctx.writes.resolveFields(input.id, input.choices)
      : ctx.writes.resolveDeleted(input.id, input.recreate),
});
