/**
 * `brm://` record links in the Electron shell (docs/PACKAGING.md, "Record links"): BRM Desktop is
 * the OS's handler of the scheme, and every link it is given reaches the core's inbox
 * (main/core/record-links.ts). Links come as a command-line argument (Windows and Linux: the first
 * start, and a second start that the single-instance lock turns into `second-instance` on the
 * running app) or as `open-url` (macOS, possibly before the app is ready). Links that arrive before
 * the core runs wait for it.
 */
import { app } from 'electron';
import { recordLinkScheme } from '../../preload/contract/record-links';

/** The first argument that is a `brm:` URL, or null. */
export function linkInArguments(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${recordLinkScheme}:`)) ?? null;
}

/** Where links go once the core runs. */
export interface RecordLinkRouter {
  /** A link from the OS (or from a second instance's arguments). */
  receive(url: string): void;
  /** From now on links go to `deliver`; the ones that came before go to it at once, in order. */
  deliverTo(deliver: (url: string) => void): void;
}

/**
 * Makes the app the handler of `brm:` (when packaged; a development run registers itself with its
 * script argument, as Electron's `setAsDefaultProtocolClient` documents), listens for `open-url`,
 * and keeps the link of this start's own arguments. Call before the app is ready.
 */
export function listenForRecordLinks(argv: readonly string[] = process.argv): RecordLinkRouter {
  if (app.isPackaged) app.setAsDefaultProtocolClient(recordLinkScheme);
  else if (process.argv[1]) app.setAsDefaultProtocolClient(recordLinkScheme, process.execPath, [process.argv[1]]);
  const early: string[] = [];
  let deliver: ((url: string) => void) | null = null;
  const router: RecordLinkRouter = {
    receive(url) {
      if (deliver) deliver(url);
      else early.push(url);
    },
    deliverTo(handler) {
      deliver = handler;
      for (const url of early.splice(0)) handler(url);
    },
  };
  app.on('open-url', (event, url) => {
    event.preventDefault();
    router.receive(url);
  });
  const own = linkInArguments(argv);
  if (own) router.receive(own);
  return router;
}
