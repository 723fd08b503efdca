/**
 * A user's page (administrators): the contact as the service gives it (`Gets a user`), their roles
 * and permission grants (`Get Contact Settings` with userId), each kept for offline use with its
 * age; Edit details (the contact form, saved through the write path as `Saves a user`), Boot user,
 * Reset password and Remove for each grant (each asks first, needs the service and shows its answer).
 */
import { useState } from 'react';
import type { ContactSettings, PermissionName } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { FieldList } from '../../components/field-list';
import { KeptAge } from '../../components/kept-age';
import { LoadingState } from '../../components/loading-state';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { errorMessage } from '../../lib/errors';
import { formatDate, fullName } from '../../lib/format';
import { contactTypeLabel } from '../../lib/labels';
import { useAccess } from '../../lib/use-access';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { useBridge } from '../../stores/stores-context';
import { ContactFormDialog } from '../contacts/contact-form-dialog';
import { type ActionOutcome, adminNeedsServiceMessage, UserActions } from './user-actions';
import { permissionLabel, roleLabel } from './user-words';

/** Renders user `id`'s page. */
export function UserPage({ id }: { id: string }) {
  const online = useOnline();
  const { data, error, loading, reload } = useBridgeQuery('admin.user', { id }, ['contact']);
  const cached = useBridgeQuery('contacts.get', { id }, ['contact']).data ?? null;
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const [editing, setEditing] = useState(false);
  const edit = useAccess('saveUser', cached);
  if (error && !data) return <ErrorBanner message={`This user could not be loaded: ${error}`} onRetry={reload} />;
  if (!data) return <LoadingState label="Loading user…" />;
  // Edits made here show at once (pending until sent); else the service's answer.
  const contact = cached ?? data.contact.value;
  if (!contact) {
    return (
      <EmptyState title="Not fetched yet" size="compact">
        {online
          ? 'This person could not be read from the service. Try again in a moment.'
          : 'This person was never opened on this computer; they show once the service can be reached.'}
      </EmptyState>
    );
  }
  const name = fullName(contact);
  const settings = data.settings.value;
  return (
    <article className="detail user-page" aria-label={name}>
      <header className="user-page-header">
        <h2>
          {name} {cached ? <SyncStateBadge state={cached.syncState} /> : null}
        </h2>
        <p className="detail-subline muted">
          {[contact.jobTitle, contactTypeLabel[contact.type], contact.email].filter(Boolean).join(' · ')}
        </p>
        <KeptAge
          subject="User"
          fetchedAt={data.contact.fetchedAt}
          loading={loading}
          reload={reload}
          refreshLabel="Refresh user"
        />
      </header>
      <div className="user-page-buttons">
        <ActionButton className="button" disabled={!cached} refusal={edit.reason} onClick={() => setEditing(true)}>
          Edit details…
        </ActionButton>
        {settings ? <UserActions userId={id} name={name} onOutcome={setOutcome} /> : null}
      </div>
      {settings && !online ? <p className="muted">{adminNeedsServiceMessage}</p> : null}
      {!cached ? (
        <p className="muted">
          This person is not on this computer yet; their details can be edited once sync has them.
        </p>
      ) : null}
      {outcome ? (
        <p
          className={outcome.kind === 'done' ? 'user-outcome' : 'user-outcome user-outcome-refused'}
          role={outcome.kind === 'done' ? 'status' : 'alert'}
        >
          {outcome.kind === 'refused' ? `The service did not do it: ${outcome.text}` : outcome.text}
        </p>
      ) : null}
      <section className="user-section" aria-label="Details">
        <h3 className="user-section-title">Details</h3>
        <FieldList
          fields={[
            { label: 'E-mail', value: contact.email },
            { label: 'Phone', value: contact.phone },
            { label: 'Job title', value: contact.jobTitle },
            { label: 'City', value: contact.city },
          ]}
        />
      </section>
      <section className="user-section" aria-label="Sign-in and permissions">
        <h3 className="user-section-title">Sign-in and permissions</h3>
        {data.noSignIn ? (
          <p>{name} has no sign-in: they are a contact, not a user, so there is nothing to boot or reset.</p>
        ) : settings ? (
          <Grants userId={id} name={name} settings={settings} onChanged={reload} />
        ) : (
          <p className="muted">
            {online ? 'Their roles could not be read just now.' : 'Their roles were never read on this computer.'}
          </p>
        )}
      </section>
      {editing ? (
        <ContactFormDialog
          target={{ mode: 'edit', id }}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setOutcome({
              kind: 'done',
              text: `${name}'s details are saved; they are sent to the service as soon as it can be reached.`,
            });
          }}
        />
      ) : null}
    </article>
  );
}

/** The roles and grants of a user, each grant with Remove (asks first, needs the service). */
function Grants({
  userId,
  name,
  settings,
  onChanged,
}: {
  userId: string;
  name: string;
  settings: ContactSettings;
  onChanged(): void;
}) {
  const bridge = useBridge();
  const online = useOnline();
  const [asking, setAsking] = useState<PermissionName | null>(null);
  const [message, setMessage] = useState<{ kind: 'done' | 'refused'; text: string } | null>(null);
  const removing = useAccess('removePermissions');

  async function remove(permission: PermissionName) {
    setMessage(null);
    try {
      await bridge.call('admin.removePermission', { userId, permission });
      setMessage({ kind: 'done', text: `${name} no longer may: ${permissionLabel[permission].toLowerCase()}.` });
      onChanged();
    } catch (reason) {
      setMessage({ kind: 'refused', text: `The service did not remove it: ${errorMessage(reason)}` });
    }
  }

  return (
    <>
      <p>
        Roles: {settings.roles.length ? settings.roles.map((role) => roleLabel[role]).join(', ') : 'none'}. Roles come
        with the sign-in and are not changed here.
      </p>
      {settings.permissions.length === 0 ? (
        <p className="muted">No permissions are granted.</p>
      ) : (
        <ul className="user-grants" aria-label="Permissions granted">
          {settings.permissions.map((grant) => (
            <li key={grant.id} className="user-grant">
              <span>
                <strong>{permissionLabel[grant.permission]}</strong>{' '}
                <span className="muted">
                  ({grant.permission}, {grant.grantedBy ? 'granted' : 'with their roles'} since{' '}
                  {formatDate(grant.createdAt)})
                </span>
              </span>
              <ActionButton
                className="button button-small"
                disabled={!online}
                title={online ? undefined : adminNeedsServiceMessage}
                refusal={removing.reason}
                aria-label={`Remove permission: ${permissionLabel[grant.permission]}`}
                onClick={() => setAsking(grant.permission)}
              >
                Remove
              </ActionButton>
            </li>
          ))}
        </ul>
      )}
      {message ? (
        <p
          className={message.kind === 'done' ? 'user-outcome' : 'user-outcome user-outcome-refused'}
          role={message.kind === 'done' ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        title="Remove this permission?"
        message={
          asking
            ? `${name} will no longer be allowed to ${permissionLabel[asking].toLowerCase()}. The contract has no way to grant it back here: only a new sign-in with a role that includes it has it again.`
            : ''
        }
        confirmLabel="Remove permission"
        onConfirm={() => {
          const permission = asking;
          setAsking(null);
          if (permission) void remove(permission);
        }}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
