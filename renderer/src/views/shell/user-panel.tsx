/** The signed-in user and "Sign out". */
import { useState } from 'react';
import { Avatar } from '../../components/avatar';
import { Icon } from '../../components/icon';
import { errorMessage } from '../../lib/errors';
import { fullName } from '../../lib/format';
import { useSession, useStores } from '../../stores/stores-context';

/** Renders the user's name and e-mail and the sign-out button. */
export function UserPanel() {
  const stores = useStores();
  const session = useSession((state) => state.session);
  const signingOut = useSession((state) => state.signingOut);
  const [error, setError] = useState<string | null>(null);
  if (session?.state !== 'signedIn') return null;
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
        onClick={() => void signOut()}
        disabled={signingOut}
      >
        <Icon name="signOut" size={16} />
        <span>Sign out</span>
      </button>
      {error ? (
        <p className="user-panel-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
