/**
 * The calendar's own keys: one table that the shortcuts help lists (through the view registry's
 * `shortcuts`) and `useCalendarKeys` answers. N (new event) is the app-wide "new record" key, which
 * reaches the view through `useViewAction('calendar', 'new')`.
 */
import { useEffect, useRef } from 'react';
import { isPlainShortcut } from '../../lib/plain-keys';
import type { ViewShortcut } from '../registry';
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

/** Installs the calendar's keys on the window while the view shows (ignored while typing or in a dialog). */
export function useCalendarKeys(handlers: CalendarKeyHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const views = Object.entries(viewKey) as Array<[CalendarViewName, string]>;
    function onKeyDown(event: KeyboardEvent) {
      if (!isPlainShortcut(event) || event.shiftKey) return;
      const run = latest.current;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const arrowOwned = event.target instanceof Element && event.target.closest(arrowOwners) !== null;
      const view = views.find(([, letter]) => letter === key)?.[0];
      if (view) run.view(view);
      else if (key === 'e') run.edit();
      else if (key === 'i') run.invite();
      else if (key === 't') run.today();
      else if (key === 'Delete' || key === 'Backspace') run.remove();
      else if (key === 'ArrowLeft' && !arrowOwned) run.step(-1);
      else if (key === 'ArrowRight' && !arrowOwned) run.step(1);
      else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
