/**
 * "Since you were away": what sync brought since the end of the user's last session on this
 * computer (new and changed contacts, companies, calendar events, documents, notifications: counts
 * and the first few of each, each opening its record), made by the core from the cache
 * (`news.digest`). `SinceAwayPrompt` (in the shell) shows it once at the start of a session when
 * there is something to tell; `SinceAwayPanel` shows it again in the News view.
 */
import { useEffect, useRef, useState } from 'react';
import type { DigestSection, SinceAway } from '../../../../preload/contract';
import { Dialog } from '../../components/dialog';
import { KeptAgeNote } from '../../components/kept-age';
import { formatCount, formatDateTime, pluralize } from '../../lib/format';
import { useBridge, useSync, useUi } from '../../stores/stores-context';
import { digestHeading } from './news-words';

/** "3 new and 2 changed contacts", in words. */
export function sectionWords({ type, added, changed }: DigestSection): string {
  const [one, many] = digestHeading[type];
  const noun = (n: number) => (n === 1 ? one : many);
  if (added && changed) return `${formatCount(added)} new and ${formatCount(changed)} changed ${noun(changed)}`;
  if (added) return `${formatCount(added)} new ${noun(added)}`;
  return `${formatCount(changed)} changed ${noun(changed)}`;
}

export interface DigestBodyProps {
  digest: SinceAway;
  /** Called after a record was opened (the dialog closes). */
  onOpened?: () => void;
}

/** The digest's sections, the unread count and the buttons that open each record. */
export function DigestBody({ digest, onOpened }: DigestBodyProps) {
  const openRecord = useUi((state) => state.openRecord);
  const setView = useUi((state) => state.setView);
  const unread = digest.unread.value;
  return (
    <div className="digest">
      <p className="digest-since">
        {digest.since
          ? `Since your last session ended (${formatDateTime(digest.since)}), sync brought:`
          : 'This is your first session on this computer: everything was new, so there is nothing to compare with.'}
      </p>
      {digest.since && digest.sections.length === 0 ? (
        <p className="muted">
          Nothing new or changed in your contacts, companies, calendar, documents or notifications.
        </p>
      ) : null}
      {digest.sections.map((section) => {
        const words = sectionWords(section);
        const more = section.added + section.changed - section.items.length;
        return (
          <section key={section.type} className="digest-section" aria-label={words}>
            <h3>{words}</h3>
            <ul>
              {section.items.map((item) => (
                <li key={item.id}>
                  {item.opens ? (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => {
                        openRecord(item.opens!.type, item.opens!.id);
                        onOpened?.();
                      }}
                    >
                      {item.label}
                    </button>
                  ) : (
                    <span>{item.label}</span>
                  )}
                </li>
              ))}
              {more > 0 ? <li className="muted">and {pluralize(more, 'more', 'more')}</li> : null}
            </ul>
          </section>
        );
      })}
      {unread !== null ? (
        <p className="digest-unread">
          {unread === 0 ? 'No unread notifications.' : `${pluralize(unread, 'unread notification')} in all.`}{' '}
          {unread > 0 ? (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setView('notifications');
                onOpened?.();
              }}
            >
              Open notifications
            </button>
          ) : null}
        </p>
      ) : null}
      <KeptAgeNote subject="The unread count" fetchedAt={digest.unread.fetchedAt} />
    </div>
  );
}

/** Shows the digest in a dialog once at the start of a session, when there is something to tell. */
export function SinceAwayPrompt() {
  const bridge = useBridge();
  const lastSyncedAt = useSync((state) => state.status?.lastSyncedAt ?? null);
  const [digest, setDigest] = useState<SinceAway | null>(null);
  const settled = useRef(false);
  useEffect(() => {
    if (settled.current || !lastSyncedAt) return;
    let current = true;
    bridge.call('news.digest', { announce: true }).then(
      (answer) => {
        // null: the first sync of this session has not ended yet; asked again after the next one.
        if (!answer || !current) return;
        settled.current = true;
        if (answer.announce) setDigest(answer);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [bridge, lastSyncedAt]);
  if (!digest) return null;
  const close = () => setDigest(null);
  return (
    <Dialog
      title="Since you were away"
      open
      onClose={close}
      actions={
        <button type="button" className="button button-primary" onClick={close}>
          Got it
        </button>
      }
    >
      <DigestBody digest={digest} onOpened={close} />
      <p className="muted digest-again">You can see this again in News, under "Since you were away".</p>
    </Dialog>
  );
}
