/**
 * The service's reach as the handlers use it: what a one-attempt download (transfers/
 * export-download.ts `startExport`) tells the core about the service (it answered: sync goes on if it
 * thought it was offline; it could not be reached: the status turns offline at once; a cancel or a
 * local failure says nothing), and the refusal of an action that only makes sense online.
 */
import { BridgeError } from '../../../preload/contract';
import type { HandlerContext } from './context';

/**
 * Refuses `what` ("Sending a campaign") with `offline`, in words, while the service cannot be reached;
 * for actions sent at once and never queued. Nothing was changed when it throws.
 */
export function needService(ctx: HandlerContext, what: string): void {
  if (!ctx.online()) {
    throw new BridgeError(
      'offline',
      `${what} needs the BRM service, which cannot be reached now; nothing was changed. Try again when the sync status says it is back.`,
    );
  }
}

/** The `onOutcome` of `startExport` for the core of `ctx`. */
export function reachOutcome(ctx: HandlerContext): (reached: boolean | null, err?: unknown) => void {
  return (reached, err) => {
    if (reached === true) ctx.reachedService();
    else if (reached === false) ctx.lostService(err);
  };
}

/**
 * Sends `what` ("Booting a user") to the service at once, never queued: refused in words while the
 * service cannot be reached (`needService`), else `send`'s answer, with the core told the service
 * answered; when `send` rejects, the core is told the service may be lost (for its online state) and
 * the error is rethrown as it is.
 */
export async function sendNow<T>(ctx: HandlerContext, what: string, send: () => Promise<T>): Promise<T> {
  needService(ctx, what);
  try {
    const answer = await send();
    ctx.reachedService();
    return answer;
  } catch (err) {
    ctx.lostService(err);
    throw err;
  }
}
