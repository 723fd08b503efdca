/** Who a signed-in user is, for the event texts of the comment operations. */
import type { ServiceStore } from '../db/store';

/** The user's (or contact's) full name, or `A former user` when the contact no longer exists. */
export function userName(store: ServiceStore, contactId: string): string {
  const contact = store.contacts.get(contactId);
  return contact ? `${contact.firstName} ${contact.lastName}` : 'A former user';
}
