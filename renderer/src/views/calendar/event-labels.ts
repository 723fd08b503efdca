/** Words for a calendar event's status (the contract's CalendarEventStatus). */
import type { CalendarEventStatus } from '../../../../preload/contract';

/** Label of an event status: "tentative" → "Tentative". */
export const statusLabel: Record<CalendarEventStatus, string> = {
  confirmed: 'Confirmed',
  tentative: 'Tentative',
  cancelled: 'Cancelled',
};
