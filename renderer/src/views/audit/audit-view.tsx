/**
 * Audit trail: who changed what and when (`Audit Trail`), newest first, a page of the service at a
 * time, narrowed by who did it, which record and the days; read on demand and kept for offline use
 * with its age. What each role may see is the service's rule (`auditTrail`'s access rule,
 * api/openapi.yaml: managers and administrators every record, other users their own; judged here by
 * lib/use-access.ts `actsOnEveryRecord`); its refusal is shown in its words, not as an empty list.
 */
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import type { AuditFilter } from '../../../../preload/contract';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { KeptAge } from '../../components/kept-age';
import { LoadingState } from '../../components/loading-state';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { actsOnEveryRecord, useCaller } from '../../lib/use-access';
import { useOnline } from '../../lib/use-online';
import { AuditFilters, type AuditFilterValues } from './audit-filters';
import { anyKind, useAuditRecord } from './audit-record-filter';
import { AuditRowsBody, OlderPageBody, type PageState } from './audit-table';
import { endOfLocalDay, startOfLocalDay } from './audit-words';
import './audit.css';

const noFilters: AuditFilterValues = { actor: null, kind: '', fromDay: '', toDay: '' };

/** Renders the Audit trail view. */
export function AuditView() {
  const caller = useCaller();
  const [values, setValues] = useState<AuditFilterValues>(noFilters);
  const [record, setRecord] = useAuditRecord();
  const from = startOfLocalDay(values.fromDay);
  const to = endOfLocalDay(values.toDay);
  const dayError = from && to && to <= from ? 'The last day is before the first.' : undefined;
  const filter = useMemo((): AuditFilter => {
    const type = record ? (record.type === anyKind ? undefined : record.type) : values.kind || undefined;
    return {
      ...(values.actor ? { actorId: values.actor.id } : {}),
      ...(type ? { resourceType: type } : {}),
      ...(record ? { resourceId: record.id } : {}),
      ...(from && !dayError ? { from } : {}),
      ...(to && !dayError ? { to } : {}),
    };
  }, [values, record, from, to, dayError]);
  const filtered = Object.keys(filter).length > 0;

  return (
    <div className="single-pane">
      <header className="view-header audit-header">
        <div className="view-title-row">
          <h1>Audit trail</h1>
          <p className="view-summary">
            {caller
              ? actsOnEveryRecord(caller, 'auditTrail')
                ? 'Every change on the service, newest first.'
                : 'Your own changes, newest first: your role shows you the records you made.'
              : ''}
          </p>
          {filtered ? (
            <button
              type="button"
              className="button button-small button-quiet"
              onClick={() => {
                setValues(noFilters);
                setRecord(null);
              }}
            >
              Clear filters
            </button>
          ) : null}
        </div>
        <AuditFilters values={values} onChange={setValues} record={record} onRecord={setRecord} dayError={dayError} />
      </header>
      <AuditResults key={JSON.stringify(filter)} filter={filter} />
    </div>
  );
}

/** The trail for `filter`: its age, the refusal or the records, and "Show older records". */
function AuditResults({ filter }: { filter: AuditFilter }) {
  const online = useOnline();
  const { data, error, loading, reload } = useBridgeQuery('audit.trail', { filter });
  const [cursors, setCursors] = useState<string[]>([]);
  const [pages, setPages] = useState<Record<number, PageState>>({});
  const onState = useCallback(
    (index: number) => (state: PageState) => setPages((previous) => ({ ...previous, [index]: state })),
    [],
  );
  const stateHandlers = useMemo(() => cursors.map((_, index) => onState(index + 1)), [cursors, onState]);
  const first = data?.value;
  const last: PageState | undefined =
    cursors.length > 0
      ? pages[cursors.length]
      : first
        ? { rows: first.rows.length, nextCursor: first.nextCursor, loading: false, error: null }
        : undefined;

  let body: ReactNode;
  if (error && !data) body = <ErrorBanner message={`The audit trail could not be loaded: ${error}`} onRetry={reload} />;
  else if (!data) body = <LoadingState label="Loading the audit trail…" />;
  else if (!first)
    body = (
      <EmptyState title="Not fetched yet" size="compact">
        {online
          ? 'The trail shows once the service answers.'
          : 'This trail was never read on this computer; it shows once the service can be reached.'}
      </EmptyState>
    );
  else if (first.refusal)
    body = (
      <div className="audit-refusal" role="alert">
        <p className="audit-refusal-title">The service does not show you this trail.</p>
        <p>{first.refusal}</p>
        <p>Clear "Done by" to see your own changes, or ask a manager or an administrator.</p>
      </div>
    );
  else if (first.rows.length === 0)
    body = (
      <EmptyState title="No changes match" size="compact">
        Nothing was changed on the service with these filters. Widen the days or clear a filter.
      </EmptyState>
    );
  else
    body = (
      <>
        <table className="audit-table">
          <caption className="visually-hidden">Audit records, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Done by</th>
              <th scope="col">What</th>
              <th scope="col">Record</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <AuditRowsBody rows={first.rows} />
          {cursors.map((cursor, index) => (
            <OlderPageBody key={cursor} filter={filter} cursor={cursor} onState={stateHandlers[index]} />
          ))}
        </table>
        <div className="audit-more">
          {last?.loading ? (
            <LoadingState label="Loading older records…" />
          ) : last?.error ? (
            <ErrorBanner message={`Older records could not be loaded: ${last.error}`} />
          ) : last?.nextCursor ? (
            <button
              type="button"
              className="button"
              onClick={() => setCursors((previous) => [...previous, last.nextCursor!])}
            >
              Show older records
            </button>
          ) : last ? (
            <p className="muted">That is every record that matches.</p>
          ) : null}
        </div>
      </>
    );

  return (
    <>
      <div className="audit-age">
        <KeptAge
          subject="Audit trail"
          fetchedAt={data?.fetchedAt}
          loading={loading}
          reload={reload}
          refreshLabel="Refresh trail"
        />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard. */}
      <section className="audit-body" aria-label="Audit records" tabIndex={0}>
        {body}
      </section>
    </>
  );
}
