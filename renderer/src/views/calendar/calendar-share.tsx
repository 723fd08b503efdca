/**
 * The calendar in other apps (api/openapi.yaml `getPimCalendar`): "Export as iCalendar…" saves the
 * user's calendar over a range as an `.ics` file (RFC 5545) through a download transfer
 * (`pim.exportCalendar`; needs the service), and "Subscribe…" shows the address a calendar app
 * subscribes to (`pim.calendarFeed`) with a Copy button and how the service lets it in: the contract
 * has no feed token, only the user's access token, which is never shown.
 */
import { useState } from 'react';
import { calendarRangeSchema } from '../../../../preload/contract';
import { CopyField } from '../../components/copy-field';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/forms/form-field';
import { TransferState } from '../../components/transfer-state';
import { errorMessage } from '../../lib/errors';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { needsServiceMessage, useOnline } from '../../lib/use-online';
import { useBridge, useStores } from '../../stores/stores-context';
import './calendar-share.css';

type Mode = 'export' | 'subscribe';

/** A local calendar day `yyyy-mm-dd` as the ISO 8601 UTC instant of its local midnight. */
function dayStart(day: string): string {
  return new Date(`${day}T00:00:00`).toISOString();
}

/** The local calendar day of `date` as `yyyy-mm-dd`. */
function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default range: from a month ago to a year after that (within the contract's 366 days). */
function defaultRange(now: Date): { from: string; to: string } {
  const from = new Date(now.getFullYear(), now.getMonth() - 1, now.getDate());
  const to = new Date(from.getFullYear() + 1, from.getMonth(), from.getDate());
  return { from: dayOf(from), to: dayOf(to) };
}

/** The range as the bridge takes it, or the words of what is wrong with it. */
function rangeOf(days: { from: string; to: string }): { range: { from: string; to: string } } | { error: string } {
  if (!days.from || !days.to) return { error: 'Choose the first and the last day.' };
  const range = { from: dayStart(days.from), to: dayStart(days.to) };
  const parsed = calendarRangeSchema.safeParse(range);
  return parsed.success ? { range } : { error: parsed.error.issues[0].message };
}

/** The From / To days of the range, with what is wrong with them. */
function RangeFields({
  days,
  onChange,
  error,
}: {
  days: { from: string; to: string };
  onChange(days: { from: string; to: string }): void;
  error: string | null;
}) {
  return (
    <div className="calendar-share-range">
      <TextField label="From" type="date" value={days.from} onChange={(from) => onChange({ ...days, from })} />
      <TextField
        label="Until (not included)"
        type="date"
        value={days.to}
        onChange={(to) => onChange({ ...days, to })}
        error={error ?? undefined}
        hint="At most 366 days; at most 2000 events."
      />
    </div>
  );
}

/** The subscription address of `range` and how the service lets a calendar app in. */
function FeedAddress({ range }: { range: { from: string; to: string } }) {
  const { data, error } = useBridgeQuery('pim.calendarFeed', range);
  if (error) return <p className="note note-error">The address could not be made: {error}</p>;
  if (!data) return <p className="note">Making the address…</p>;
  return (
    <>
      <CopyField label="Subscription address (iCalendar)" value={data.url} buttonLabel="Copy address" />
      <p className="note">{data.access}</p>
      <p className="note">
        The address covers the days chosen above; subscribe again with a new address when they have passed.
      </p>
    </>
  );
}

/** The dialog: export the range as a file, or subscribe to it. */
function ShareDialog({ mode, onClose }: { mode: Mode; onClose(): void }) {
  const bridge = useBridge();
  const { transfers } = useStores();
  const online = useOnline();
  const [days, setDays] = useState(() => defaultRange(new Date()));
  const [transferId, setTransferId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checked = rangeOf(days);
  const range = 'range' in checked ? checked.range : null;

  async function exportFile() {
    if (!range) return;
    setBusy(true);
    setFailure(null);
    try {
      const transfer = await bridge.call('pim.exportCalendar', range);
      if (transfer) {
        transfers.getState().upsert([transfer]);
        setTransferId(transfer.id);
      }
    } catch (reason) {
      setFailure(errorMessage(reason));
    } finally {
      setBusy(false);
    }
  }

  const exporting = mode === 'export';
  return (
    <Dialog
      title={exporting ? 'Export your calendar as iCalendar' : 'Subscribe from another calendar app'}
      open
      onClose={onClose}
      actions={
        exporting ? (
          <>
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={!range || busy || !online}
              onClick={() => void exportFile()}
            >
              Export .ics file
            </button>
          </>
        ) : (
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        )
      }
    >
      <p className="note">
        {exporting
          ? 'Saves the events you organize or are invited to as an iCalendar file (.ics) that Outlook, Apple Calendar, Google Calendar and Thunderbird can import.'
          : 'A calendar app that subscribes to this address shows the events you organize or are invited to, read from the BRM service.'}
      </p>
      <RangeFields days={days} onChange={setDays} error={'error' in checked ? checked.error : null} />
      {exporting ? (
        <>
          {online ? null : <p className="note note-error">{needsServiceMessage}</p>}
          {failure ? (
            <p className="note note-error" role="alert">
              {failure}
            </p>
          ) : null}
          <TransferState id={transferId} />
        </>
      ) : range ? (
        <FeedAddress range={range} />
      ) : null}
    </Dialog>
  );
}

/** The calendar header's "Export as iCalendar…" and "Subscribe…" buttons and their dialog. */
export function CalendarShare() {
  const [mode, setMode] = useState<Mode | null>(null);
  return (
    <div className="button-row calendar-share">
      <button type="button" className="button" onClick={() => setMode('export')}>
        Export as iCalendar…
      </button>
      <button type="button" className="button" onClick={() => setMode('subscribe')}>
        Subscribe…
      </button>
      {mode ? <ShareDialog mode={mode} onClose={() => setMode(null)} /> : null}
    </div>
  );
}
