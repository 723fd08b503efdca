/**
 * The notices about the data folder's files (stores/storage-store.ts), in a strip above every
 * screen, the sign-in screen too: each says what happened to which file and what to do, and can be dismissed
 * (one about a folder that cannot be written also goes by itself once the folder takes writes again).
 */
import { useStorage } from '../stores/stores-context';
import { ErrorBanner } from './error-banner';
import './storage-notices.css';

/** Renders the notices, newest last (role="alert" each, in a region named "Data folder"). */
export function StorageNotices() {
  const notices = useStorage((state) => state.notices);
  const dismiss = useStorage((state) => state.dismiss);
  if (notices.length === 0) return null;
  return (
    <section className="app-frame-strip storage-notices" aria-label="Data folder">
      {notices.map((notice) => (
        <ErrorBanner key={notice.id} message={notice.message} onDismiss={() => void dismiss(notice.id)} />
      ))}
    </section>
  );
}
