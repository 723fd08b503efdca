/** The calendar's toolbars: Today / Previous / Next with the visible period as a heading, and Month / Week. */
import { Icon } from '../../components/icon';
import type { CalendarViewName } from './calendar-range';

export interface CalendarToolbarProps {
  heading: string;
  view: CalendarViewName;
  /** A short note next to the heading (loading, no events). */
  note: string | null;
  onToday(): void;
  onStep(direction: 1 | -1): void;
}

/** Renders the toolbar. */
export function CalendarToolbar({ heading, view, note, onToday, onStep }: CalendarToolbarProps) {
  const unit = view === 'month' ? 'month' : 'week';
  return (
    <div className="calendar-toolbar">
      <div className="button-row">
        <button type="button" className="button" onClick={onToday}>
          Today
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Previous"
          title={`Previous ${unit}`}
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
          title={`Next ${unit}`}
          onClick={() => onStep(1)}
        >
          <Icon name="chevron" />
        </button>
      </div>
      <div className="calendar-heading">
        <h2 aria-live="polite">{heading}</h2>
        {note ? <span className="muted">{note}</span> : null}
      </div>
    </div>
  );
}

/** The Month / Week switch (toggle buttons). */
export function CalendarViewSwitch({ view, onView }: { view: CalendarViewName; onView(view: CalendarViewName): void }) {
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">Calendar view</legend>
      {(['month', 'week'] as const).map((name) => (
        <button
          key={name}
          type="button"
          className="segmented-button"
          aria-pressed={view === name}
          onClick={() => onView(name)}
        >
          {name === 'month' ? 'Month' : 'Week'}
        </button>
      ))}
    </fieldset>
  );
}
