/**
 * The calendar's own keys: one table that the shortcuts help lists (through the view registry's
 * `shortcuts`) and `useCalendarKeys` answers. N (new event) is the app-wide "new record" key, which
 * reaches the view through `useViewAction('calendar', 'new')`.
 */
import { useViewKeys } from '../../lib/use-view-keys';
import type { ViewShortcut } from '../view-types';
import type { CalendarViewName } from './calendar-range';

/** The key of each view ("w" → week). */
export const viewKey: Record<CalendarViewName, string> = { day: 'd', week: 'w', month: 'm', agenda: 'a' };

/** The calendar's keys as the shortcuts help shows them. */
export const calendarShortcuts: readonly ViewShortcut[] = [
  { keys: 'N', label: 'New event' },
  { keys: 'E', label: 'Edit the selected event' },
  { keys: 'Delete', label: 'Delete the selected event (asks first)' },
  { keys: 'I', label: 'Invite people to the selected event' },
  { keys: 'T', label: 'Go to today' },
  { keys: '← / →', label: 'Previous / next day, week, month or agenda period' },
  { keys: 'D / W / M / A', label: 'Day, week, month or agenda view' },
  { keys: 'Enter', label: 'Show the focused event’s details' },
];

/** What the keys do. */
export interface CalendarKeyHandlers {
  edit(): void;
  remove(): void;
  invite(): void;
  today(): void;
  step(direction: 1 | -1): void;
  view(view: CalendarViewName): void;
}

/** Widgets that use the arrow keys themselves. */
const arrowOwners = '[role="listbox"], [role="tree"], [role="menu"], [role="tablist"], [role="grid"], [role="slider"]';

/** Runs `step` unless the focus is in a widget that moves with the arrows itself. */
function arrow(step: () => void): () => void {
  return () => {
    if (!document.activeElement?.closest(arrowOwners)) step();
  };
}

/** Installs the calendar's keys while the view shows (ignored while typing or in a dialog: `lib/keyboard.ts`). */
export function useCalendarKeys(handlers: CalendarKeyHandlers): void {
  const views = Object.fromEntries(
    (Object.entries(viewKey) as Array<[CalendarViewName, string]>).map(([view, key]) => [
      key,
      () => handlers.view(view),
    ]),
  );
  useViewKeys({
    ...views,
    e: handlers.edit,
    i: handlers.invite,
    t: handlers.today,
    delete: handlers.remove,
    backspace: handlers.remove,
    arrowleft: arrow(() => handlers.step(-1)),
    arrowright: arrow(() => handlers.step(1)),
  });
}
