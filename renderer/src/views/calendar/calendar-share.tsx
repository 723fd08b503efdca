/**
 * The calendar in other apps (api/openapi.yaml `getPimCalendar`), behind the header's "Export or
 * subscribe…" button: over a range of days, "Export as iCalendar" saves the user's calendar as an
 * `.ics` file (RFC 5545) through a download transfer (`pim.exportCalendar`; needs the service), and
 * "Subscribe from another calendar app" shows the address a calendar app
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

/** The Export section: saves the range as an `.ics` file and follows its transfer. */
function ExportSection({ range }: { range: { from: string; to: string } | null }) {
  const bridge = useBridge();
  const { transfers } = useStores();
  const online = useOnline();
  const [transferId, setTransferId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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

  return (
    <section className="calendar-share-section" aria-labelledby="calendar-export-title">
      <h3 id="calendar-export-title">Export as iCalendar</h3>
      <p className="note">
        Saves the events you organize or are invited to as an iCalendar file (.ics) that Outlook, Apple Calendar, Google
        Calendar and Thunderbird can import.
      </p>
      <div>
        <button
          type="button"
          className="button button-primary"
          disabled={!range || busy || !online}
          onClick={() => void exportFile()}
        >
          Export .ics file
        </button>
      </div>
      {online ? null : <p className="note note-error">Exporting: {needsServiceMessage}</p>}
      {failure ? (
        <p className="note note-error" role="alert">
          {failure}
        </p>
      ) : null}
      <TransferState id={transferId} />
    </section>
  );
}

/** The dialog: the range, its export as a file, and its subscription address. */
function ShareDialog({ onClose }: { onClose(): void }) {
  const [days, setDays] = useState(() => defaultRange(new Date()));
  const checked = rangeOf(days);
  const range = 'range' in checked ? checked.range : null;
  return (
    <Dialog
      title="Your calendar in other apps"
      open
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="calendar-share-body">
        <RangeFields days={days} onChange={setDays} error={'error' in checked ? checked.error : null} />
        <ExportSection range={range} />
        <section className="calendar-share-section" aria-labelledby="calendar-subscribe-title">
          <h3 id="calendar-subscribe-title">Subscribe from another calendar app</h3>
          <p className="note">
            A calendar app that subscribes to this address shows the events you organize or are invited to, read from
            the BRM service.
          </p>
          {range ? <FeedAddress range={range} /> : null}
        </section>
      </div>
    </Dialog>
  );
}

/** The calendar header's "Export or subscribe…" button and its dialog. */
export function CalendarShare() {
  const [open, setOpen] = useState(false);
  return (
    <div className="calendar-share">
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Export or subscribe…
      </button>
      {open ? <ShareDialog onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
