/**
 * The record the audit trail is narrowed to, kept as the Audit view's selection in the UI store
 * (`<type>:<id>`, e.g. `contact:6f1d…`), so a record page's "History" opens the view filtered to
 * it and the choice survives switching views.
 */
import { useCallback } from 'react';
import { useSelectedRecord } from '../../lib/use-view-state';
import { useUi } from '../../stores/stores-context';

/** The kind of a record chosen by its id alone: the trail is narrowed to the id, whatever its kind. */
export const anyKind = 'record';

/** A record of the trail: its kind as the service names it (`contact`, `company`…; `anyKind` for any) and its id. */
export interface AuditRecordRef {
  type: string;
  id: string;
}

/** The record in a selection string, or null when there is none (or it is not of that form). */
export function parseRecordRef(selected: string | null): AuditRecordRef | null {
  const match = selected?.match(/^([a-z][A-Za-z0-9]*):([0-9a-f-]{36})$/i);
  return match ? { type: match[1], id: match[2].toLowerCase() } : null;
}

/** The record the trail is narrowed to, and the function that narrows it (null: any record). */
export function useAuditRecord(): [AuditRecordRef | null, (record: AuditRecordRef | null) => void] {
  const [selected, select] = useSelectedRecord('audit');
  const set = useCallback(
    (record: AuditRecordRef | null) => select(record ? `${record.type}:${record.id}` : null),
    [select],
  );
  return [parseRecordRef(selected), set];
}

/** Opens the Audit view narrowed to record `type` `id` (a record page's "History"). */
export function useOpenHistory(): (record: AuditRecordRef) => void {
  const select = useUi((state) => state.select);
  const setView = useUi((state) => state.setView);
  return useCallback(
    (record: AuditRecordRef) => {
      select('audit', `${record.type}:${record.id}`);
      setView('audit');
    },
    [select, setView],
  );
}
