/**
 * The calendar's toolbars: Today / Previous / Next with the visible period as a heading and the
 * "New event" button, and the Day / Week / Month / Agenda switch. The keys that do the same are in
 * the buttons' titles (see `calendar-keys.ts`).
 */
import { Icon } from '../../components/icon';
import { type CalendarViewName, calendarViews, periodNoun, viewLabel } from './calendar-range';
import { viewKey } from './calendar-keys';

/** The toolbar's heading, note and actions. */
export interface CalendarToolbarProps {
  heading: string;
  view: CalendarViewName;
  /** A short note next to the heading (loading, no events). */
  note: string | null;
  onToday(): void;
  onStep(direction: 1 | -1): void;
  onNew(): void;
}

/** Renders the toolbar. */
export function CalendarToolbar({ heading, view, note, onToday, onStep, onNew }: CalendarToolbarProps) {
  const unit = periodNoun[view];
  return (
    <div className="calendar-toolbar">
      <div className="button-row">
        <button type="button" className="button" onClick={onToday} title="Go to today (T)">
          Today
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Previous"
          title={`Previous ${unit} (←)`}
          onClick={() => onStep(-1)}
        >
          <span className="flip">
            <Icon name="chevron" />
          </span>
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Next"
          title={`Next ${unit} (→)`}
          onClick={() => onStep(1)}
        >
          <Icon name="chevron" />
        </button>
      </div>
      <div className="calendar-heading">
        <h2 aria-live="polite">{heading}</h2>
        {note ? <span className="muted">{note}</span> : null}
      </div>
      <button type="button" className="button button-primary" onClick={onNew} title="New event (N)">
        New event
      </button>
    </div>
  );
}

/** The Day / Week / Month / Agenda switch (toggle buttons). */
export function CalendarViewSwitch({ view, onView }: { view: CalendarViewName; onView(view: CalendarViewName): void }) {
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">Calendar view</legend>
      {calendarViews.map((name) => (
        <button
          key={name}
          type="button"
          className="segmented-button"
          aria-pressed={view === name}
          title={`${viewLabel[name]} view (${viewKey[name].toUpperCase()})`}
          onClick={() => onView(name)}
        >
          {viewLabel[name]}
        </button>
      ))}
    </fieldset>
  );
}
