/**
 * Handlers of the export templates (`exports.templates`, `exports.saveTemplate`,
 * `exports.deleteTemplate`; preload/contract/export-templates.ts). `saveExportTemplate` and
 * `deleteExportTemplate` (api/openapi.yaml, tag Pim) go through the write path as outbox entries of
 * kind 'action' about no synced record, as `Save CMT` and `Save branch` do
 * (main/core/areas/cmt/handlers.ts, main/core/areas/branches/handlers.ts): kept across restarts,
 * sent once by sync, a refusal kept in the service's words in Pending changes. One entry per
 * template waits at a time; a newer save replaces it. The list is the templates kept on this
 * computer (kept-templates.ts) with the entries waiting over them. A delete the service refused,
 * asked for again, forgets the template here.
 */
import {
  BridgeError,
  type ExportTemplateItem,
  type ExportTemplateSave,
  type ExportTarget,
} from '../../../../preload/contract';
import { namesClash } from '../../../../api/name-key';
import type { StoredEntry } from '../../writes/outbox-store';
import { actionSubjectId, replaceWaitingRequest } from '../../writes/waiting-action';
import type { AreaHandlers, HandlerContext } from '../context';
import { forgetKeptTemplate, type KeptTemplate, keptTemplates, signedInUserId } from './kept-templates';

type Names = 'exports.templates' | 'exports.saveTemplate' | 'exports.deleteTemplate';

const isTemplateEntry = (entry: StoredEntry) =>
  entry.request.operationId === 'saveExportTemplate' || entry.request.operationId === 'deleteExportTemplate';

/** The template entries in the outbox by template key (the latest wins). */
function waitingEntries(ctx: HandlerContext): Map<string, StoredEntry> {
  const found = new Map<string, StoredEntry>();
  for (const entry of ctx.outbox.all()) if (isTemplateEntry(entry)) found.set(actionSubjectId(entry), entry);
  return found;
}

function userIdOf(ctx: HandlerContext): string {
  const userId = signedInUserId(ctx.session);
  if (!userId) throw new BridgeError('unauthorized', 'Sign in to use export templates.');
  return userId;
}

function itemOf(
  kept: KeptTemplate | undefined,
  entry: StoredEntry | undefined,
  key: string,
): ExportTemplateItem | null {
  const save = entry?.request.operationId === 'saveExportTemplate' ? (entry.request.body as ExportTemplateSave) : null;
  const shown = save ?? kept;
  if (!shown) return null;
  return {
    key,
    name: shown.name,
    target: shown.target,
    columns: [...shown.columns],
    delimiter: shown.delimiter ?? ',',
    saved: kept
      ? {
          id: kept.id,
          version: kept.version,
          ownerId: kept.ownerId,
          createdAt: kept.createdAt,
          updatedAt: kept.updatedAt,
        }
      : null,
    pending: entry
      ? { entryId: entry.id, action: save ? 'save' : 'delete', state: entry.state, message: entry.message }
      : null,
    createdAs: kept?.createdAs ?? null,
  };
}

/** The templates as this computer shows them, by export and name. */
function listTemplates(ctx: HandlerContext): ExportTemplateItem[] {
  const entries = waitingEntries(ctx);
  const items: ExportTemplateItem[] = [];
  for (const kept of keptTemplates(ctx.cache.state, userIdOf(ctx))) {
    const item = itemOf(kept, entries.get(kept.id), kept.id);
    entries.delete(kept.id);
    if (item) items.push(item);
  }
  for (const [key, entry] of entries) {
    const item = itemOf(undefined, entry, key);
    if (item) items.push(item);
  }
  return items.sort((a, b) => a.target.localeCompare(b.target) || a.name.localeCompare(b.name));
}

/** The record type the pending-changes panel names a template's entries by. */
const recordTypeOf = (target: ExportTarget) => (target === 'contacts' ? 'contact' : 'company');

/** Refuses to change an entry that is on its way to the service. */
function notWhileSending(entry: StoredEntry | undefined): void {
  if (entry?.state === 'sending') {
    throw new BridgeError('conflict', 'This template is being sent to the service right now; try again in a moment.');
  }
}

/** Creates the template handlers. */
export const templateHandlers: AreaHandlers<Names> = (ctx) => ({
  'exports.templates': async () => listTemplates(ctx),

  'exports.saveTemplate': async ({ key, template }) => {
    const items = listTemplates(ctx);
    const current = key === undefined ? undefined : items.find((item) => item.key === key);
    if (key !== undefined && !current) {
      throw new BridgeError('not_found', 'That template is not saved on this computer any more; save it as a new one.');
    }
    const clash = items.find(
      (item) => item.key !== key && item.target === template.target && namesClash(item.name, template.name),
    );
    if (clash) {
      throw new BridgeError(
        'conflict',
        `A ${template.target} export template named "${clash.name}" is saved here already. Pick it to replace it, or choose another name.`,
        [{ pointer: '/template/name', message: 'Another template has this name.' }],
      );
    }
    const waiting = key === undefined ? undefined : waitingEntries(ctx).get(key);
    notWhileSending(waiting);
    if (waiting?.request.operationId === 'deleteExportTemplate') {
      throw new BridgeError(
        'conflict',
        'This template waits to be deleted. Discard the delete in Pending changes first to change it.',
      );
    }
    const summary = `Save the ${template.target} export template "${template.name}"`;
    const onService = current?.saved ?? null;
    const body: ExportTemplateSave = onService ? { ...template, id: onService.id } : { ...template };
    if (waiting) {
      // The newer save replaces the waiting one; a template created here stays a creation.
      replaceWaitingRequest(
        ctx,
        waiting,
        { operationId: 'saveExportTemplate', body },
        summary,
        onService?.version ?? null,
      );
      return listTemplates(ctx).find((item) => item.key === key)!;
    }
    const entry = ctx.writes.queue({
      kind: 'action',
      recordType: recordTypeOf(template.target),
      recordId: null,
      request: { operationId: 'saveExportTemplate', body },
      base: null,
      mine: null,
      ifMatch: onService?.version ?? null,
      summary,
    });
    const itemKey = onService ? onService.id : entry.id;
    return listTemplates(ctx).find((item) => item.key === itemKey)!;
  },

  'exports.deleteTemplate': async ({ key }) => {
    const item = listTemplates(ctx).find((candidate) => candidate.key === key);
    if (!item) return { deleted: true };
    const waiting = waitingEntries(ctx).get(key);
    notWhileSending(waiting);
    if (!item.saved) {
      // Never sent: deleting it is forgetting it.
      if (waiting) ctx.writes.discard(waiting.id);
      return { deleted: true };
    }
    if (
      waiting?.request.operationId === 'deleteExportTemplate' &&
      (waiting.state === 'refused' || waiting.state === 'conflict')
    ) {
      // Asked again after the service refused the delete (gone there already, or changed from
      // another computer): this computer forgets it; the service keeps what it has.
      forgetKeptTemplate(ctx.cache.state, userIdOf(ctx), item.saved.id);
      ctx.writes.discard(waiting.id);
      return { deleted: true };
    }
    const summary = `Delete the ${item.target} export template "${item.name}"`;
    const request = { operationId: 'deleteExportTemplate' as const, query: { id: item.saved.id } };
    if (waiting) replaceWaitingRequest(ctx, waiting, request, summary, item.saved.version);
    else
      ctx.writes.queue({
        kind: 'action',
        recordType: recordTypeOf(item.target),
        recordId: null,
        request,
        base: null,
        mine: null,
        ifMatch: item.saved.version,
        summary,
      });
    return { deleted: true };
  },
});
