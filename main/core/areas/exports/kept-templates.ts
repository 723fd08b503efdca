/**
 * The export templates the signed-in user saved on this computer, as the service answered them
 * (ExportTemplate: id, version, dates), kept in local.db's settings under one key per user. The
 * service offers no operation that lists templates, so this is the only list there is: it lives in
 * local.db (which a rebuild of cache.db, a sign-out or another user's sign-in leaves alone) rather
 * than among the kept answers of cache.db, which those clear (docs/ARCHITECTURE.md, "Decisions taken
 * where the design was silent"). The answers are kept by `keepSentTemplate`, which sync's push calls
 * in the same transaction that removes the sent outbox entry (main/core/writes/push.ts), so an
 * answer is never lost between the two.
 */
import type { ExportTemplateSaved, ExportTarget } from '../../../../preload/contract';
import type { ExportDelimiter } from '../../../../preload/contract/export-templates';
import type { StateStore } from '../../cache/state-store';
import type { Session } from '../../session/session';
import type { StoredEntry } from '../../writes/outbox-store';

/** A template as the service last answered it, and the key it had while its creation waited (that entry's id). */
export interface KeptTemplate extends ExportTemplateSaved {
  name: string;
  target: ExportTarget;
  columns: string[];
  delimiter: ExportDelimiter;
  createdAs: string | null;
}

/** The settings key of the templates of user `userId`. */
const settingsKey = (userId: string) => `exportTemplates:${userId}`;

/** The signed-in user's id, or null when signed out. */
export function signedInUserId(session: Session): string | null {
  const state = session.state();
  return state.state === 'signedIn' ? state.user.id : null;
}

/** The templates kept for `userId` (an unreadable value counts as none). */
export function keptTemplates(state: StateStore, userId: string): KeptTemplate[] {
  const text = state.getSetting(settingsKey(userId));
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as KeptTemplate[]) : [];
  } catch {
    return [];
  }
}

function keep(state: StateStore, userId: string, templates: KeptTemplate[]): void {
  state.setSetting(settingsKey(userId), templates.length > 0 ? JSON.stringify(templates) : null);
}

/** Forgets the kept template `id` of user `userId` (nothing when it is not kept). */
export function forgetKeptTemplate(state: StateStore, userId: string, id: string): void {
  keep(
    state,
    userId,
    keptTemplates(state, userId).filter((t) => t.id !== id),
  );
}

/**
 * Records what the service answered to a sent outbox entry of the templates (others are ignored):
 * a save's ExportTemplate (validated by the API client against the contract) replaces the kept one
 * of its id; a delete's 204 forgets it. Call inside the transaction that removes the entry.
 */
export function keepSentTemplate(state: StateStore, session: Session, entry: StoredEntry, answer: unknown): void {
  const { operationId } = entry.request;
  if (operationId !== 'saveExportTemplate' && operationId !== 'deleteExportTemplate') return;
  const userId = signedInUserId(session);
  if (!userId) return;
  const kept = keptTemplates(state, userId);
  if (operationId === 'deleteExportTemplate') {
    forgetKeptTemplate(state, userId, String(entry.request.query?.id));
    return;
  }
  const template = answer as Omit<KeptTemplate, 'createdAs'>;
  const before = kept.find((t) => t.id === template.id);
  const createdAs = before ? before.createdAs : entry.request.body?.id === undefined ? entry.id : null;
  keep(state, userId, [...kept.filter((t) => t.id !== template.id), { ...template, createdAs }]);
}
