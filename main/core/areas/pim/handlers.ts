/**
 * Handlers of `pim.*` (preload/contract/pim.ts; api/openapi.yaml tag Pim). The PIM records are not
 * in the change feed (ChangeType), so:
 * - the user's calendar as an iCalendar file (`getPimCalendar`, `format=ics`, RFC 5545) and a
 *   mapping's file (`getImportMappingsFile` with `id`) are made by the service on each request and
 *   have no length or checksum to resume against: each is a download transfer of one attempt, as an
 *   export is (service-file.ts), refused in words offline;
 * - the list of import mappings is read on demand and kept with its age (kept.ts);
 * - a mapping file is checked, then goes through the durable upload queue (`uploadImportMapping`,
 *   local.db schema 4), so it is sent once, also after an outage or a restart;
 * - checking a CSV file (`validateFile`) needs the service (validate-file.ts).
 * The feed address calendar apps subscribe to is the `getPimCalendar` URL; the contract authorizes
 * it with the bearer access token only (no feed token), which is never shown.
 */
import { BridgeError, type ImportMapping, type ImportMappingList } from '../../../../preload/contract';
import { operations } from '../../../../api/generated/operations';
import type { AreaHandlers } from '../context';
import { keptAnswer } from '../kept';
import { downloadServiceFile } from '../service-file';
import { checkedMappingFile } from './mapping-file';
import { validateFile } from './validate-file';
import { pimNeedsService } from './words';

type Names =
  | 'pim.exportCalendar'
  | 'pim.calendarFeed'
  | 'pim.mappings'
  | 'pim.uploadMapping'
  | 'pim.downloadMapping'
  | 'pim.validateFile';

/** An iCalendar file (RFC 5545). */
const icsKind = { label: 'iCalendar file', extensions: ['ics'] };
/** A JSON file (an import mapping file). */
const jsonKind = { label: 'Import mapping (JSON)', extensions: ['json'] };
/** Mappings asked for at once (the contract's page maximum). */
const mappingPage = 500;

/** The suggested name of a calendar file over [from, to): `calendar-2026-11-01-to-2026-12-01.ics` (UTC dates). */
export function calendarFileName(from: string, to: string): string {
  return `calendar-${from.slice(0, 10)}-to-${to.slice(0, 10)}.ics`;
}

/** The `getPimCalendar` address of [from, to) as an iCalendar feed, on the signed-in service. */
function feedUrl(serverUrl: string, from: string, to: string): string {
  const url = new URL(serverUrl + operations.getPimCalendar.path);
  url.searchParams.set('from', from);
  url.searchParams.set('to', to);
  url.searchParams.set('format', 'ics');
  return url.toString();
}

/** Creates the PIM handlers. */
export const pimHandlers: AreaHandlers<Names> = (ctx) => ({
  'pim.exportCalendar': async ({ from, to }) =>
    downloadServiceFile(ctx, {
      suggestedName: calendarFileName(from, to),
      kind: icsKind,
      request: (signal) =>
        ctx.session.api().open('getPimCalendar', { query: { from, to, format: 'ics' }, signal, timeoutMs: null }),
      offline: (serverUrl) => pimNeedsService('Exporting your calendar', serverUrl),
      needsService: (name, serverUrl) => pimNeedsService(`Exporting ${name}`, serverUrl),
    }),

  'pim.calendarFeed': async ({ from, to }) => ({
    url: feedUrl(ctx.session.api().serverUrl, from, to),
    access:
      'The BRM service gives this calendar only to a request signed in as you: it has no separate calendar password or feed token, and BRM Desktop never shows your sign-in token. A calendar app can subscribe when it can sign in to the BRM service for you (an Authorization: Bearer header); otherwise export the calendar as a file and import that.',
  }),

  'pim.mappings': async ({ target, q }) =>
    keptAnswer<ImportMappingList>(
      ctx,
      `pim.mappings:${target ?? ''}:${q ?? ''}`,
      async () => {
        const page = await ctx.session.api().call('getImportMappingsFile', {
          query: { target, q, sort: 'name', limit: mappingPage },
        });
        if (!('items' in page)) {
          throw new BridgeError(
            'server_error',
            'The BRM service answered a mapping file instead of the list of mappings. Try again later.',
          );
        }
        return { items: page.items as ImportMapping[], more: page.nextCursor !== null };
      },
      { items: [], more: false },
    ),

  'pim.uploadMapping': async ({ file }) => {
    ctx.session.api();
    const resolved = await checkedMappingFile(ctx.options.platform, file);
    const [transfer] = await ctx.uploads.enqueue('', [{ ref: file, file: resolved }], 'uploadImportMapping');
    return transfer;
  },

  'pim.downloadMapping': async ({ id, name }) =>
    downloadServiceFile(ctx, {
      suggestedName: `${name}.json`,
      kind: jsonKind,
      verb: 'Downloading',
      request: (signal) => ctx.session.api().open('getImportMappingsFile', { query: { id }, signal, timeoutMs: null }),
      offline: (serverUrl) => pimNeedsService(`Downloading the mapping ${name}`, serverUrl),
      needsService: (file, serverUrl) => pimNeedsService(`Downloading ${file}`, serverUrl),
    }),

  'pim.validateFile': (input) => validateFile(ctx, input),
});
