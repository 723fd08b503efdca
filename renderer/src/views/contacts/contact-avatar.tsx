/**
 * A contact's picture (`contacts.avatar`, a `data:` URL fetched once and kept for offline), with
 * their initials until it arrives or when there is none.
 */
import type { ContactRow } from '../../../../preload/contract';
import { Avatar } from '../../components/avatar';
import { useBridgeQuery } from '../../lib/use-bridge-query';

/** Renders the avatar of `contact` at `size`. */
export function ContactAvatar({
  contact,
  size,
}: {
  contact: Pick<ContactRow, 'id' | 'firstName' | 'lastName'>;
  size: 'small' | 'normal' | 'large';
}) {
  const { data } = useBridgeQuery('contacts.avatar', { id: contact.id });
  return <Avatar firstName={contact.firstName} lastName={contact.lastName} size={size} imageUrl={data?.dataUrl} />;
}
