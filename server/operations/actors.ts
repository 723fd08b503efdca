/** Who a signed-in user is, for permission checks and event texts of the comment and blog operations. */
import type { ServiceStore } from '../db/store';

/** True when the user has the `admin` role. */
export function isAdmin(store: ServiceStore, userId: string): boolean {
  return store.users.currentUser(userId)?.roles.includes('admin') ?? false;
}

/** The user's (or contact's) full name, or `A former user` when the contact no longer exists. */
export function userName(store: ServiceStore, contactId: string): string {
  const contact = store.contacts.get(contactId);
  return contact ? `${contact.firstName} ${contact.lastName}` : 'A former user';
}
