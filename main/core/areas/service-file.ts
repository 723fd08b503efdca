/**
 * A file the service makes afresh on each request (an export, an iCalendar file, an import mapping
 * file, an e-mail as an `.eml` file) saved where the user chooses, as a download transfer of one
 * attempt (transfers/export-download.ts `startExport`; docs/ARCHITECTURE.md, "Transfers"): such a
 * file has no length or checksum to check or resume against, so it is not a durable queue entry, and
 * it needs the service: offline it is refused in words before the save dialog opens.
 */
import { BridgeError, type Transfer } from '../../../preload/contract';
import type { SaveKind } from '../platform';
import { startExport } from '../transfers/export-download';
import { chooseDestination } from '../transfers/file-destination';
import type { HandlerContext } from './context';
import { reachOutcome } from './service-reach';

/** What one such file needs: its suggested name and kind, how to ask the service, and its words. */
export interface ServiceFile {
  /** The file name the save dialog suggests (made safe for the file system). */
  suggestedName: string;
  /** The kind of file the save dialog offers. */
  kind: SaveKind;
  /** Asks the service for the file; rejects as the API client does (ServiceError, status 0 when no answer). */
  request(signal: AbortSignal): Promise<Response>;
  /** The refusal's words while the service cannot be reached at `serverUrl` (nothing is asked or saved). */
  offline(serverUrl: string): string;
  /** The words of a failure for want of the service, for the file saved as `name`. */
  needsService(name: string, serverUrl: string): string;
  /** The verb of a failure's words, "<verb> <name> failed. …" (default "Exporting"). */
  verb?: string;
}

/**
 * Asks where to save `file` (the downloads folder when the host cannot ask) and starts its download;
 * resolves with the transfer as registered (`queued`) while the bytes arrive in the background, or
 * null when the user closed the save dialog. Throws BridgeError('unauthorized') when signed out and
 * BridgeError('offline') with `file.offline`'s words while the service cannot be reached.
 */
export async function downloadServiceFile(ctx: HandlerContext, file: ServiceFile): Promise<Transfer | null> {
  const api = ctx.session.api();
  if (!ctx.online()) throw new BridgeError('offline', file.offline(api.serverUrl));
  const destination = await chooseDestination(
    ctx.options.platform,
    ctx.options.downloadsDir,
    file.suggestedName,
    file.kind,
  );
  if (!destination) return null;
  return startExport(
    ctx.transfers,
    {
      name: destination.name,
      destination,
      verb: file.verb,
      request: file.request,
      needsService: (serverUrl) => file.needsService(destination.name, serverUrl),
    },
    reachOutcome(ctx),
  );
}
