/**
 * The settings form's values and the preferences they make: text and choices as strings, each
 * notification kind as a checkbox (`muted:<kind>`); `toPreferences` gives what the contract's
 * ContactSettingsSave schema validates.
 */
import type { ContactPreferences } from '../../../../preload/contract';
import { notificationKindLabels } from './settings-words';

/** A notification kind. */
export type NotificationKind = ContactPreferences['mutedNotificationKinds'][number];
/** The kinds in the order the form lists them. */
export const notificationKinds = Object.keys(notificationKindLabels) as NotificationKind[];

/** The form's values. */
export type SettingsFormValues = {
  locale: string;
  timeZone: string;
  dateFormat: string;
  timeFormat: string;
  firstDayOfWeek: string;
  defaultCalendarView: string;
  pageSize: string;
} & Record<`muted:${NotificationKind}`, boolean>;

/** The form's values for `preferences`. */
export function settingsFormValues(preferences: ContactPreferences): SettingsFormValues {
  const muted = Object.fromEntries(
    notificationKinds.map((kind) => [`muted:${kind}`, preferences.mutedNotificationKinds.includes(kind)]),
  ) as Record<`muted:${NotificationKind}`, boolean>;
  return {
    locale: preferences.locale,
    timeZone: preferences.timeZone,
    dateFormat: preferences.dateFormat,
    timeFormat: preferences.timeFormat,
    firstDayOfWeek: preferences.firstDayOfWeek,
    defaultCalendarView: preferences.defaultCalendarView,
    pageSize: String(preferences.pageSize),
    ...muted,
  };
}

/** The body of `Save Contact Settings` the values make (not yet validated: a page size that is not a number stays text). */
export function toSettingsSave(values: SettingsFormValues): { preferences: Record<string, unknown> } {
  const size = values.pageSize.trim();
  return {
    preferences: {
      locale: values.locale.trim(),
      timeZone: values.timeZone.trim(),
      dateFormat: values.dateFormat,
      timeFormat: values.timeFormat,
      firstDayOfWeek: values.firstDayOfWeek,
      defaultCalendarView: values.defaultCalendarView,
      pageSize: /^\d+$/.test(size) ? Number(size) : size,
      mutedNotificationKinds: notificationKinds.filter((kind) => values[`muted:${kind}`]),
    },
  };
}
