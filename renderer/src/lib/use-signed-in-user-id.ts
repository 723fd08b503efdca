/** The id of the signed-in user (a contact id, api/openapi.yaml `CurrentUser.id`), or null when signed out. */
import { useSession } from '../stores/stores-context';

/** Returns the signed-in user's id, or null. */
export function useSignedInUserId(): string | null {
  return useSession((s) => (s.session?.state === 'signedIn' ? s.session.user.id : null));
}
