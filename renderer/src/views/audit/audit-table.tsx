/**
 * The audit records as one table, newest first, a page of the service at a time: each page is a
 * `tbody` of its own (older pages read with `audit.trail` and their cursor); "Show older records"
 * adds the next.
 */
import { useEffect } from 'react';
import type { AuditFilter, AuditRow } from '../../../../preload/contract';
import { formatDateTime } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useUi } from '../../stores/stores-context';
import { resourceTypeLabel, resultText } from './audit-words';

/** One page's answer as the table needs it. */
export interface PageState {
  rows: number;
  nextCursor: string | null;
  loading: boolean;
  error: string | null;
}

/** Records of one page as a `tbody`. */
export function AuditRowsBody({ rows }: { rows: readonly AuditRow[] }) {
  return (
    <tbody>
      {rows.map((row) => (
        <AuditTableRow key={row.id} row={row} />
      ))}
    </tbody>
  );
}

/** An older page, at `cursor`, as a `tbody`; reports how it stands with `onState`. */
export function OlderPageBody({
  filter,
  cursor,
  onState,
}: {
  filter: AuditFilter;
  cursor: string;
  onState(state: PageState): void;
}) {
  const { data, error, loading } = useBridgeQuery('audit.trail', { filter, cursor });
  const page = data?.value ?? null;
  const rows = page?.rows.length ?? 0;
  const nextCursor = page?.nextCursor ?? null;
  useEffect(() => onState({ rows, nextCursor, loading, error }), [rows, nextCursor, loading, error, onState]);
  return page ? <AuditRowsBody rows={page.rows} /> : null;
}

/** A button that opens a record's page when this computer can show it, else its name or kind in words. */
function RecordCell({ row }: { row: AuditRow }) {
  const openRecord = useUi((s) => s.openRecord);
  const kind = row.resourceType ? (resourceTypeLabel[row.resourceType] ?? row.resourceType) : 'No record';
  if (!row.resourceId) return <>{kind}</>;
  const openable =
    row.resourceName &&
    (row.resourceType === 'contact' || row.resourceType === 'user' || row.resourceType === 'company');
  if (openable) {
    return (
      <button
        type="button"
        className="link-button"
        onClick={() => openRecord(row.resourceType === 'company' ? 'company' : 'contact', row.resourceId!)}
      >
        {row.resourceName}
      </button>
    );
  }
  return (
    <span title={row.resourceId}>
      {kind} <span className="muted">{row.resourceId.slice(0, 8)}…</span>
    </span>
  );
}

function AuditTableRow({ row }: { row: AuditRow }) {
  const refused = row.status >= 400;
  return (
    <tr className={refused ? 'audit-row audit-row-refused' : 'audit-row'}>
      <td className="audit-when">{formatDateTime(row.occurredAt)}</td>
      <td>
        {row.actorId === null
          ? 'Someone signing in'
          : (row.actorName ?? <span className="muted">A user not on this computer</span>)}
      </td>
      <td>
        {row.summary} <span className="muted audit-operation">({row.operationId})</span>
      </td>
      <td>
        <RecordCell row={row} />
      </td>
      <td className="audit-result">{resultText(row)}</td>
    </tr>
  );
}
