/**
 * `EventDialog`: creates or edits a calendar event, every field of the contract's
 * CalendarEventInput (title, description, location, start, end, all day, status). It validates with
 * the bridge's own schema (`calendarEventSaveSchema`) so an end before the start or an event over 31
 * days is named next to the end field before anything is queued; times are typed in local time and
 * sent as ISO 8601 UTC. What is typed is kept as a draft until it is saved or discarded.
 */
import { useId, useRef } from 'react';
import type { CalendarEvent, CalendarEventDetail } from '../../../../preload/contract';
import { calendarEventSaveSchema } from '../../../../preload/contract/write-inputs';
import { FormDialog } from '../../components/forms/form-dialog';
import { SelectField, TextField } from '../../components/forms/form-field';
import { useRecordForm } from '../../components/forms/use-record-form';
import { useBridge } from '../../stores/stores-context';
import {
  type EventFormValues,
  recordOfValues,
  switchAllDay,
  timeFieldMessage,
  valuesOfEvent,
  valuesOfNewEvent,
} from './event-form';
import { statusLabel } from './event-labels';
import './calendar-dialogs.css';

/** What the dialog is opened for: a new event over local `start`–`end`, or an existing event. */
export type EventDialogRequest = { mode: 'new'; start: Date; end: Date } | { mode: 'edit'; event: CalendarEvent };

/** What the dialog edits and whom it tells when it closes or saved. */
export interface EventDialogProps {
  request: EventDialogRequest;
  onClose(): void;
  /** Called with the saved event (already in the cache, queued for the service). */
  onSaved(event: CalendarEventDetail): void;
}

const statusOptions = (['confirmed', 'tentative', 'cancelled'] as const).map((value) => ({
  value,
  label: statusLabel[value],
}));

/** The user's IANA time zone ("Europe/Berlin"), named in the dialog so local times are unambiguous. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Renders the dialog; mount one per request (its first values come from the request). */
export function EventDialog({ request, onClose, onSaved }: EventDialogProps) {
  const bridge = useBridge();
  const allDayId = useId();
  const editing = request.mode === 'edit' ? request.event : null;
  const initial = useRef<EventFormValues>(
    request.mode === 'edit' ? valuesOfEvent(request.event) : valuesOfNewEvent(request.start, request.end),
  ).current;
  const draftKey = editing ? `calendarEvent:${editing.id}` : 'calendarEvent:new';
  const saved = useRef<CalendarEventDetail | null>(null);
  const form = useRecordForm<EventFormValues, ReturnType<typeof recordOfValues>>({
    initial,
    toRecord: (values) => recordOfValues(values, editing?.id),
    schema: calendarEventSaveSchema,
    draftKey,
    pointerPrefix: '/event',
    async save(event) {
      saved.current = await bridge.call('calendar.saveEvent', { event });
    },
  });
  const { values, errors, setField } = form;

  async function submit(): Promise<boolean> {
    const done = await form.submit();
    if (done && saved.current) onSaved(saved.current);
    return done;
  }

  function setAllDay(allDay: boolean) {
    const times = switchAllDay(values, allDay);
    setField('allDay', allDay);
    setField('startsAt', times.startsAt);
    setField('endsAt', times.endsAt);
  }

  const type = values.allDay ? 'date' : 'datetime-local';
  return (
    <FormDialog
      title={editing ? 'Edit event' : 'New event'}
      form={form}
      submitLabel={editing ? 'Save event' : 'Create event'}
      onSubmit={submit}
      onClose={onClose}
      className="event-form"
    >
      <TextField
        label="Title"
        required
        value={values.title}
        onChange={(value) => setField('title', value)}
        error={errors.title}
      />
      <label className="event-form-check" htmlFor={allDayId}>
        <input
          id={allDayId}
          type="checkbox"
          checked={values.allDay}
          onChange={(event) => setAllDay(event.target.checked)}
        />
        All day
      </label>
      <div className="form-grid">
        <TextField
          label={values.allDay ? 'First day' : 'Starts'}
          required
          type={type}
          value={values.startsAt}
          onChange={(value) => setField('startsAt', value)}
          error={timeFieldMessage(values.startsAt, values.allDay, errors.startsAt)}
        />
        <TextField
          label={values.allDay ? 'Last day' : 'Ends'}
          required
          type={type}
          value={values.endsAt}
          onChange={(value) => setField('endsAt', value)}
          error={timeFieldMessage(values.endsAt, values.allDay, errors.endsAt)}
          hint={values.allDay ? 'At most 31 days.' : `Your time zone: ${timeZone}.`}
        />
      </div>
      <TextField
        label="Location"
        value={values.location}
        onChange={(value) => setField('location', value)}
        error={errors.location}
      />
      <SelectField
        label="Status"
        value={values.status}
        options={statusOptions}
        onChange={(value) => setField('status', value || 'confirmed')}
        error={errors.status}
      />
      <TextField
        label="Description"
        multiline
        value={values.description}
        onChange={(value) => setField('description', value)}
        error={errors.description}
      />
    </FormDialog>
  );
}
