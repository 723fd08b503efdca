/** The unread-notifications count next to the Notifications navigation entry (nothing when 0). */
import { useNotifications } from '../../stores/stores-context';

/** Renders the count as a status badge. */
export function UnreadBadge() {
  const unread = useNotifications((state) => state.unreadCount);
  if (unread <= 0) return null;
  return (
    <span className="badge" role="status" aria-label="Unread notifications">
      {unread}
    </span>
  );
}
