/**
 * What a one-attempt download (transfers/export-download.ts `startExport`) tells the core about the
 * service: it answered (sync goes on if it thought it was offline) or could not be reached (the
 * status turns offline at once); a cancel or a local failure says nothing.
 */
import type { HandlerContext } from './context';

/** The `onOutcome` of `startExport` for the core of `ctx`. */
export function reachOutcome(ctx: HandlerContext): (reached: boolean | null, err?: unknown) => void {
  return (reached, err) => {
    if (reached === true) ctx.reachedService();
    else if (reached === false) ctx.lostService(err);
  };
}
