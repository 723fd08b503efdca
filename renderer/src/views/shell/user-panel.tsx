/**
 * The signed-in user and "Sign out". Signing out deletes this user's data on this machine, unsent
 * edits and waiting uploads included, so when any wait the user is asked first and offered the
 * pending changes instead.
 */
import { useState } from 'react';
import { Avatar } from '../../components/avatar';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Icon } from '../../components/icon';
import { errorMessage } from '../../lib/errors';
import { fullName, pluralize } from '../../lib/format';
import { useSession, useStores, useSync, useTransfers } from '../../stores/stores-context';

/** "3 unsent changes and 2 waiting uploads", or null when nothing waits. */
function unsentWork(changes: number, uploads: number): string | null {
  const parts = [
    changes > 0 ? pluralize(changes, 'unsent change') : null,
    uploads > 0 ? pluralize(uploads, 'waiting upload') : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' and ') : null;
}

/** Renders the user's name and e-mail and the sign-out button. */
export function UserPanel() {
  const stores = useStores();
  const session = useSession((state) => state.session);
  const signingOut = useSession((state) => state.signingOut);
  const pending = useSync((state) => state.status?.pendingCount ?? 0);
  const uploads = useTransfers(
    (state) =>
      Object.values(state.byId).filter(
        (t) => t.kind === 'upload' && (t.state === 'queued' || t.state === 'running' || t.state === 'failed'),
      ).length,
  );
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  if (session?.state !== 'signedIn') return null;
  const unsent = unsentWork(pending, uploads);
  const { user } = session;

  async function signOut() {
    setError(null);
    try {
      await stores.session.getState().signOut();
    } catch (reason) {
      setError(`Sign-out failed: ${errorMessage(reason)}`);
    }
  }

  return (
    <div className="user-panel">
      <Avatar firstName={user.firstName} lastName={user.lastName} size="small" />
      <div className="user-panel-text">
        <span className="user-panel-name">{fullName(user)}</span>
        <span className="user-panel-email" title={user.email}>
          {user.email}
        </span>
      </div>
      <button
        type="button"
        className="button button-small button-quiet"
        onClick={() => (unsent ? setAsking(true) : void signOut())}
        disabled={signingOut}
      >
        <Icon name="signOut" size={16} />
        <span>Sign out</span>
      </button>
      <ConfirmDialog
        open={asking}
        title="Sign out and discard unsent work?"
        message={`${unsent ?? 'Nothing'} on this computer ${pending + uploads === 1 ? 'has' : 'have'} not reached the service yet. Signing out deletes ${pending + uploads === 1 ? 'it' : 'them'} for good. Cancel and open pending changes (P) to send or review them first.`}
        confirmLabel="Sign out and discard"
        onConfirm={() => {
          setAsking(false);
          void signOut();
        }}
        onCancel={() => setAsking(false)}
      />
      {error ? (
        <p className="user-panel-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
