/**
 * Settings: the signed-in user's own settings (`Get Contact Settings`), kept for offline use with
 * their age, edited as a form validated with the contract's ContactSettingsSave schema (the one the
 * bridge uses), kept as a draft until saved, and saved through the write path (`Save Contact
 * Settings`, queued, sent once, offline too). A refusal of the service shows next to its field.
 * Also who is signed in and their roles and permissions (`Gets current user`), read-only.
 */
import { type ReactNode, useState } from 'react';
import { contactSettingsSaveSchema, type MySettings } from '../../../../preload/contract';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { SelectField, TextField } from '../../components/forms/form-field';
import { FormMessage } from '../../components/forms/form-message';
import { useRecordForm } from '../../components/forms/use-record-form';
import { KeptAge } from '../../components/kept-age';
import { LoadingState } from '../../components/loading-state';
import { fullName } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useCurrentUser } from '../../lib/use-current-user';
import { useOnline } from '../../lib/use-online';
import { useBridge } from '../../stores/stores-context';
import { fieldSentence } from '../contacts/contact-form-values';
import { permissionLabel, roleLabel } from '../users/user-words';
import { notificationKinds, type SettingsFormValues, settingsFormValues, toSettingsSave } from './settings-form-values';
import {
  calendarViewChoices,
  dateFormatChoices,
  firstDayChoices,
  notificationKindLabels,
  preferenceLabels,
  timeFormatChoices,
} from './settings-words';
import './settings.css';

/** Renders the Settings view. */
export function SettingsView() {
  const online = useOnline();
  const { user } = useCurrentUser();
  const { data, error, loading, reload } = useBridgeQuery('account.settings', {}, ['outbox']);
  const [saved, setSaved] = useState(false);
  let body: ReactNode;
  if (error && !data) body = <ErrorBanner message={`Your settings could not be loaded: ${error}`} onRetry={reload} />;
  else if (!data) body = <LoadingState label="Loading your settings…" />;
  else if (!data.value)
    body = (
      <EmptyState title="Not fetched yet" size="compact">
        {online
          ? 'Your settings show once the service answers.'
          : 'Your settings were never read on this computer; they can be changed once the service can be reached.'}
      </EmptyState>
    );
  else body = <SettingsForm settings={data} onSaved={() => setSaved(true)} saved={saved} />;

  return (
    <div className="single-pane">
      <header className="view-header settings-header">
        <h1>Settings</h1>
        <KeptAge
          subject="Settings"
          fetchedAt={data?.fetchedAt}
          loading={loading}
          reload={reload}
          refreshLabel="Refresh settings"
        />
      </header>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard. */}
      <section className="settings-body" tabIndex={0} aria-label="Your settings">
        {user ? (
          <section className="settings-section" aria-label="Your sign-in">
            <h2 className="settings-section-title">Your sign-in</h2>
            <p>
              {fullName(user)} ({user.email}) · {user.roles.map((role) => roleLabel[role]).join(', ') || 'no role'}
            </p>
            {data?.value ? (
              <p className="muted">
                You may:{' '}
                {data.value.permissions.length
                  ? data.value.permissions.map((grant) => permissionLabel[grant.permission].toLowerCase()).join('; ')
                  : 'nothing beyond reading'}
                . Roles and permissions are changed by an administrator.
              </p>
            ) : null}
          </section>
        ) : null}
        {body}
      </section>
    </div>
  );
}

type Field = keyof typeof preferenceLabels;

/** Messages of the local schema that read badly as they are, in words. */
const plainMessages: Partial<Record<Field, string>> = {
  locale: 'Language and region is a language code with an optional region, such as en-US or de-DE.',
  pageSize: 'Rows per page is a whole number from 10 to 500.',
  timeZone: 'Time zone is needed, such as Europe/Berlin.',
};

function SettingsForm({ settings, saved, onSaved }: { settings: MySettings; saved: boolean; onSaved(): void }) {
  const bridge = useBridge();
  const service = settings.value!;
  const queued = settings.queued;
  const [typedSinceSave, setTypedSinceSave] = useState(false);
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const form = useRecordForm<SettingsFormValues, ReturnType<typeof contactSettingsSaveSchema.parse>>({
    initial: settingsFormValues(queued?.preferences ?? service.preferences),
    toRecord: toSettingsSave,
    schema: contactSettingsSaveSchema,
    draftKey: 'settings:me',
    pointerPrefix: '/settings/preferences',
    async save(record) {
      await bridge.call('account.saveSettings', { settings: record, version: service.version });
      setTypedSinceSave(false);
      onSaved();
    },
  });

  /** The service's refusal of the waiting save, by field (`/body/preferences/timeZone` → timeZone). */
  const refusals: Partial<Record<string, string>> = {};
  if (queued?.state === 'refused')
    for (const error of queued.fieldErrors) refusals[error.pointer.split('/').pop() ?? ''] ??= error.message;

  function set<K extends keyof SettingsFormValues & string>(name: K, value: SettingsFormValues[K]) {
    form.setField(name, value);
    setTypedSinceSave(true);
    setChanged((previous) => new Set(previous).add(name.startsWith('muted:') ? 'mutedNotificationKinds' : name));
  }
  function messageOf(field: Field): string | undefined {
    const own = form.errors[field as keyof SettingsFormValues & string];
    if (own) return plainMessages[field] ?? fieldSentence(preferenceLabels[field], own);
    const refusal = changed.has(field) ? undefined : refusals[field];
    return fieldSentence(preferenceLabels[field], refusal);
  }
  const text = (field: 'locale' | 'timeZone' | 'pageSize', hint: string, maxLength: number) => (
    <TextField
      label={preferenceLabels[field]}
      value={form.values[field]}
      onChange={(value) => set(field, value)}
      error={messageOf(field)}
      hint={hint}
      maxLength={maxLength}
      required
    />
  );
  const choice = <F extends 'dateFormat' | 'timeFormat' | 'firstDayOfWeek' | 'defaultCalendarView'>(
    field: F,
    options: ReadonlyArray<{ value: string; label: string }>,
  ) => (
    <SelectField
      label={preferenceLabels[field]}
      value={form.values[field]}
      onChange={(value) => value && set(field, value)}
      options={options}
      error={messageOf(field)}
    />
  );

  return (
    <form
      className="settings-form"
      aria-label="Preferences"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit().then((ok) => {
          if (!ok) document.querySelector<HTMLElement>('.settings-form [aria-invalid="true"]')?.focus();
        });
      }}
    >
      <h2 className="settings-section-title">Preferences</h2>
      <p className="muted">Kept with your sign-in on the service, so they follow you to every computer.</p>
      {queued ? <QueuedNote queued={queued} /> : null}
      {form.restoredDraft ? (
        <p className="settings-note" role="note">
          These are the changes you had not saved yet.{' '}
          <button type="button" className="link-button" onClick={form.discard}>
            Discard them
          </button>
        </p>
      ) : null}
      <div className="form-grid">
        {text('locale', 'Such as en-US or de-DE.', 10)}
        {text('timeZone', 'An IANA time zone, such as Europe/Berlin or America/New_York.', 64)}
        {choice('dateFormat', dateFormatChoices)}
        {choice('timeFormat', timeFormatChoices)}
        {choice('firstDayOfWeek', firstDayChoices)}
        {choice('defaultCalendarView', calendarViewChoices)}
        {text('pageSize', 'From 10 to 500.', 3)}
      </div>
      <fieldset className="settings-muted">
        <legend>{preferenceLabels.mutedNotificationKinds}: none for these notifications</legend>
        {notificationKinds.map((kind) => (
          <label key={kind} className="settings-checkbox">
            <input
              type="checkbox"
              checked={form.values[`muted:${kind}`]}
              onChange={(event) => set(`muted:${kind}`, event.target.checked)}
            />
            {notificationKindLabels[kind]}
          </label>
        ))}
        <p className="muted">Muted notifications are still listed under Notifications.</p>
        <FormMessage message={messageOf('mutedNotificationKinds')} />
      </fieldset>
      <FormMessage message={form.formError} />
      {saved && !typedSinceSave && !queued && !form.formError ? (
        <p className="settings-saved" role="status">
          Saved: the service has your settings.
        </p>
      ) : null}
      <div className="settings-buttons">
        <button type="submit" className="button button-primary" disabled={form.saving}>
          {form.saving ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

/** Where the waiting save stands, in words. */
function QueuedNote({ queued }: { queued: NonNullable<MySettings['queued']> }) {
  if (queued.state === 'refused' || queued.state === 'conflict') {
    return (
      <p className="settings-note settings-refused" role="alert">
        The service refused your last save{queued.message ? `: ${queued.message}` : '.'} Fix the fields marked below and
        save again, or discard it under Pending changes (P).
      </p>
    );
  }
  return (
    <p className="settings-note" role="status">
      Saved on this computer; it waits to be sent to the service (Pending) and goes as soon as it can be reached.
    </p>
  );
}
