/** Labels and choices of the settings form (api/openapi.yaml, ContactPreferences). */
import type { ContactPreferences } from '../../../../preload/contract';

/** The preference fields edited as text or a choice, with their labels. */
export const preferenceLabels = {
  locale: 'Language and region',
  timeZone: 'Time zone',
  dateFormat: 'Date format',
  timeFormat: 'Time format',
  firstDayOfWeek: 'First day of the week',
  defaultCalendarView: 'Calendar opens in',
  pageSize: 'Rows per page in lists',
  mutedNotificationKinds: 'Desktop alerts',
} as const satisfies Record<keyof ContactPreferences, string>;

/** The notification kinds (the contract's NotificationKind) and what each is about, in words. */
export const notificationKindLabels: Record<ContactPreferences['mutedNotificationKinds'][number], string> = {
  documentAwaitingApproval: 'A document waits for your approval',
  documentApproved: 'A document of yours was approved',
  documentRejected: 'A document of yours was rejected',
  comment: 'Someone commented',
  campaignSent: 'A campaign was sent',
  calendarInvitation: 'You are invited to an event',
};

/** One choice of a select. */
type Choice<T extends string> = ReadonlyArray<{ value: T; label: string }>;

export const dateFormatChoices: Choice<ContactPreferences['dateFormat']> = [
  { value: 'yyyy-MM-dd', label: '2026-11-24 (yyyy-MM-dd)' },
  { value: 'dd/MM/yyyy', label: '24/11/2026 (dd/MM/yyyy)' },
  { value: 'MM/dd/yyyy', label: '11/24/2026 (MM/dd/yyyy)' },
  { value: 'dd.MM.yyyy', label: '24.11.2026 (dd.MM.yyyy)' },
];
export const timeFormatChoices: Choice<ContactPreferences['timeFormat']> = [
  { value: '24h', label: '24-hour (14:30)' },
  { value: '12h', label: '12-hour (2:30 PM)' },
];
export const firstDayChoices: Choice<ContactPreferences['firstDayOfWeek']> = [
  { value: 'monday', label: 'Monday' },
  { value: 'sunday', label: 'Sunday' },
  { value: 'saturday', label: 'Saturday' },
];
export const calendarViewChoices: Choice<ContactPreferences['defaultCalendarView']> = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'agenda', label: 'Agenda' },
];
