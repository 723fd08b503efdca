/**
 * Scheduling a campaign: a date and time in the user's time zone, sent as ISO 8601 UTC
 * (`Save Campaign` with `scheduledAt`, queued in the outbox like every save). The contract's rule is
 * checked before it is queued: a time in the future, at most 366 days ahead (api/openapi.yaml,
 * `Save Campaign`); the service checks it again when the save reaches it.
 */
import { useState } from 'react';
import type { CampaignRow } from '../../../../preload/contract';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/forms/form-field';
import { errorMessage } from '../../lib/errors';
import { useBridge } from '../../stores/stores-context';
import { fromLocalInput, toLocalInput, userTimeZone, withSchedule } from './campaign-words';

/** The furthest ahead a campaign can be scheduled, ms (api/openapi.yaml, `Save Campaign`: 366 days). */
const maxAheadMs = 366 * 86_400_000;

/** What is wrong with `iso` as a schedule at `now` (ms), or null when it is fine. */
export function scheduleProblem(iso: string | null, now: number): string | null {
  if (!iso) return 'Enter a date and a time.';
  const at = Date.parse(iso);
  if (at <= now) return 'Choose a time in the future.';
  if (at - now > maxAheadMs) return 'Choose a time at most 366 days ahead.';
  return null;
}

export interface ScheduleDialogProps {
  row: CampaignRow;
  onClose(): void;
  /** Called after the schedule was queued, with the campaign as this computer now shows it. */
  onScheduled(row: CampaignRow): void;
}

/** Renders the open dialog (mount it only while it shows). */
export function ScheduleDialog({ row, onClose, onScheduled }: ScheduleDialogProps) {
  const bridge = useBridge();
  const { campaign } = row;
  const [value, setValue] = useState(() => toLocalInput(new Date(Date.now() + 86_400_000).toISOString()));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const iso = fromLocalInput(value);

  async function schedule() {
    const problem = scheduleProblem(iso, Date.now());
    setError(problem);
    if (problem || !iso) return;
    setSaving(true);
    try {
      onScheduled(
        await bridge.call('campaigns.save', { campaign: withSchedule(campaign, iso), version: campaign.version }),
      );
    } catch (reason) {
      setError(`It was not scheduled: ${errorMessage(reason)}`);
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      title={`Schedule "${campaign.name}"`}
      onClose={onClose}
      size="small"
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" disabled={saving} onClick={() => void schedule()}>
            Schedule
          </button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void schedule();
        }}
      >
        <TextField
          label="Send on"
          type="datetime-local"
          required
          autoFocus
          value={value}
          error={error ?? undefined}
          hint={`Your time zone: ${userTimeZone()}.${iso ? ` Sent to the service as ${iso.slice(0, 16).replace('T', ' ')} UTC.` : ''}`}
          onChange={setValue}
        />
        <p className="muted">
          The service sends it at that time to the recipients it has then. Until then you can unschedule it to edit it,
          or send it now.
        </p>
      </form>
    </Dialog>
  );
}
