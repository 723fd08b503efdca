/**
 * "Check with the service" for a synced listing on screen (a calendar range, the notifications, a
 * folder): a small button and a status line saying what the check found: how many the service
 * lists, how many were not on this computer yet (now kept), and which kept records it no longer
 * lists (still shown; sync confirms). The check also runs once by itself when the listing opens
 * online and the last sync is older than `autoCheckAfterMs`; never on a timer, so an idle app sends
 * nothing (docs/ARCHITECTURE.md, "Listings checked against the service").
 */
import { format } from 'date-fns';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ListingCheck, maxCheckedRecords, type NotListedRecord } from '../../../preload/contract';
import { errorMessage } from '../lib/errors';
import { formatCount, pluralize } from '../lib/format';
import { useOnline } from '../lib/use-online';
import { useSync, useUi } from '../stores/stores-context';
import './service-check.css';

/** How old the last sync must be for a listing to be checked by itself when it opens, ms. */
export const autoCheckAfterMs = 60_000;

/** The records the service no longer lists named one by one; the rest are counted. */
const shownMissing = 20;

/** What a listing holds, in words: singular and plural ("event", "events"). */
export type ListingNoun = readonly [singular: string, plural: string];

/** The status line of a check's answer ("Checked 14:02: the service lists 42 events; 2 new here, now kept."). */
export function checkSummary(answer: ListingCheck, noun: ListingNoun): string {
  if (answer.outcome === 'unavailable') return answer.message;
  const at = format(new Date(answer.checkedAt), 'HH:mm');
  const [one, many] = noun;
  if (!answer.complete) {
    return `Checked ${at}: the service lists more than ${formatCount(maxCheckedRecords)} ${many}; the first ${formatCount(maxCheckedRecords)} were kept, ${answer.newHere} of them new here. Records it no longer lists are not looked for in a listing this long.`;
  }
  const listed = `the service lists ${pluralize(answer.listed, one, many)}`;
  if (answer.newHere === 0) return `Checked ${at}: ${listed}; all of them were already here.`;
  return `Checked ${at}: ${listed}; ${answer.newHere} new here, now kept.`;
}

/** The heading of the records the service no longer lists ("1 kept event is not listed by the service any more; sync will confirm."). */
export function notListedSummary(count: number, noun: ListingNoun): string {
  const [one, many] = noun;
  return count === 1
    ? `1 kept ${one} is not listed by the service any more; sync will confirm.`
    : `${count} kept ${many} are not listed by the service any more; sync will confirm.`;
}

/** Props of `ServiceCheck`. */
export interface ServiceCheckProps {
  /** Identifies what is checked (a range, a folder, a state); a new key clears the last answer. */
  scopeKey: string;
  /** What the listing holds, in words. */
  noun: ListingNoun;
  /** Asks the core to check the listing. */
  check(): Promise<ListingCheck>;
  /** Opens a record the service no longer lists; by default its page when it has one. */
  onOpen?(record: NotListedRecord): void;
}

/** Renders the button and the status line; checks by itself once when the listing opens after a stale sync. */
export function ServiceCheck({ scopeKey, noun, check, onOpen }: ServiceCheckProps) {
  const online = useOnline();
  const lastSyncedAt = useSync((state) => state.status?.lastSyncedAt ?? null);
  const openRecord = useUi((state) => state.openRecord);
  const canOpen = useUi((state) => state.canOpen);
  const [answer, setAnswer] = useState<{ key: string; check: ListingCheck } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ scopeKey, check });
  latest.current = { scopeKey, check };

  const run = useCallback(async () => {
    const { scopeKey: key, check: ask } = latest.current;
    setBusy(true);
    setError(null);
    try {
      const result = await ask();
      if (latest.current.scopeKey === key) setAnswer({ key, check: result });
    } catch (reason) {
      if (latest.current.scopeKey === key) setError(errorMessage(reason));
    } finally {
      setBusy(false);
    }
  }, []);

  // Decided once per listing opened: checked when it opens online and the last sync is older than autoCheckAfterMs.
  const seen = useRef(new Set<string>());
  useEffect(() => {
    if (seen.current.has(scopeKey)) return;
    seen.current.add(scopeKey);
    const syncedMs = lastSyncedAt ? Date.parse(lastSyncedAt) : null;
    if (!online || (syncedMs !== null && Date.now() - syncedMs < autoCheckAfterMs)) return;
    void run();
  }, [scopeKey, online, lastSyncedAt, run]);

  const shown = answer?.key === scopeKey ? answer.check : null;
  const notListed = shown?.outcome === 'checked' ? shown.notListed : [];
  const open = (record: NotListedRecord) => {
    if (onOpen) onOpen(record);
    else if (canOpen(record.type)) openRecord(record.type, record.id);
  };
  let line: string | null = null;
  if (busy) line = 'Checking with the service…';
  else if (error) line = `The check did not finish: ${error}`;
  else if (shown) line = checkSummary(shown, noun);

  return (
    <div className="service-check">
      <button
        type="button"
        className="button button-small button-quiet"
        disabled={busy}
        onClick={() => void run()}
        title={`Ask the service which ${noun[1]} it lists here now, and keep the ones this computer does not have yet`}
      >
        Check with the service
      </button>
      <p className="service-check-status" role="status">
        {line}
      </p>
      {!busy && notListed.length > 0 ? (
        <div className="service-check-missing">
          <p>{notListedSummary(notListed.length, noun)}</p>
          <ul aria-label={`Kept ${noun[1]} the service no longer lists`}>
            {notListed.slice(0, shownMissing).map((record) => (
              <li key={record.id}>
                {onOpen || canOpen(record.type) ? (
                  <button type="button" className="link-button" onClick={() => open(record)}>
                    {record.label}
                  </button>
                ) : (
                  <span>{record.label}</span>
                )}{' '}
                <span className="muted">(not listed by the service any more; sync will confirm)</span>
              </li>
            ))}
            {notListed.length > shownMissing ? <li>and {notListed.length - shownMissing} more</li> : null}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
