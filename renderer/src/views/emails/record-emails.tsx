/**
 * The "E-mails" section of a contact's or a company's page: the e-mails logged against the record
 * (`emails.list`, `getEmails`), newest first, one page of the service at a time (Older / Newer),
 * each row with its subject, sender, recipients, date and attachment count; the subject opens the
 * message (EmailReader). Read on demand and kept for offline with its age (KeptAge).
 */
import { useState } from 'react';
import type { EmailRow } from '../../../../preload/contract';
import { ErrorBanner } from '../../components/error-banner';
import { KeptAge } from '../../components/kept-age';
import { LoadingState } from '../../components/loading-state';
import { formatDate, formatDateTime } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { EmailReader } from './email-reader';
import { attachmentCountLabel, directionLabel, shortAddress, shortRecipients, subjectLabel } from './email-words';
import './emails.css';

/** Whose e-mails: one contact or one company. */
export type EmailsOf = { contactId: string } | { companyId: string };

/** Renders the e-mails of the contact or company `of`. */
export function RecordEmails({ of }: { of: EmailsOf }) {
  const online = useOnline();
  /** The cursors of the pages before the one shown (the first page has none). */
  const [earlier, setEarlier] = useState<Array<string | undefined>>([]);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, error, loading, reload } = useBridgeQuery('emails.list', { ...of, ...(cursor ? { cursor } : {}) });
  const page = data?.value;
  const subject = 'contactId' in of ? 'this contact' : 'this company';

  function older() {
    if (!page?.nextCursor) return;
    setEarlier([...earlier, cursor]);
    setCursor(page.nextCursor);
  }

  function newer() {
    setCursor(earlier[earlier.length - 1]);
    setEarlier(earlier.slice(0, -1));
  }

  return (
    <section className="company-section emails-section" aria-label="E-mails">
      <div className="company-section-head">
        <h3 className="company-section-title">E-mails</h3>
        <KeptAge
          subject="E-mails"
          fetchedAt={data?.fetchedAt}
          loading={loading}
          reload={reload}
          refreshLabel="Refresh e-mails"
        />
      </div>
      {error && !data ? <ErrorBanner message={`The e-mails could not be loaded: ${error}`} onRetry={reload} /> : null}
      {!data && !error ? <LoadingState label="Loading e-mails…" /> : null}
      {page && page.emails.length === 0 ? (
        <p className="muted">
          {data.fetchedAt !== null
            ? `No e-mails are logged against ${subject}.`
            : online
              ? `No e-mails yet: ${subject} is not on the service yet.`
              : 'Not fetched yet: the e-mails show once the service can be reached.'}
        </p>
      ) : null}
      {page && page.emails.length > 0 ? (
        <EmailTable emails={page.emails} label={`E-mails of ${subject}`} onOpen={setOpenId} />
      ) : null}
      {page && (earlier.length > 0 || page.nextCursor) ? (
        <nav className="emails-pages" aria-label="E-mail pages">
          <button type="button" className="button button-small" disabled={earlier.length === 0} onClick={newer}>
            Newer e-mails
          </button>
          <span className="muted">Page {earlier.length + 1}</span>
          <button type="button" className="button button-small" disabled={!page.nextCursor} onClick={older}>
            Older e-mails
          </button>
        </nav>
      ) : null}
      {openId ? <EmailReader id={openId} onClose={() => setOpenId(null)} /> : null}
    </section>
  );
}

/**
 * The e-mails of one page as a table of two columns, narrow enough for a record's side pane: the
 * subject (a button that opens the message) with who wrote to whom, the direction and the attachment
 * count under it, and the day it was sent (the full time in its tooltip).
 */
function EmailTable({ emails, label, onOpen }: { emails: EmailRow[]; label: string; onOpen(id: string): void }) {
  return (
    <table className="company-table email-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">E-mail</th>
          <th scope="col">Sent</th>
        </tr>
      </thead>
      <tbody>
        {emails.map((email) => (
          <tr key={email.id}>
            <td>
              <button type="button" className="link-button email-subject" onClick={() => onOpen(email.id)}>
                {subjectLabel(email.subject)}
              </button>
              <span className="company-table-sub">
                {shortAddress(email.from)} to {shortRecipients(email.to)}
              </span>
              <span className="company-table-sub">
                {directionLabel[email.direction]} · {attachmentCountLabel(email.attachmentCount)}
              </span>
            </td>
            <td className="company-table-nowrap">
              <time dateTime={email.sentAt} title={formatDateTime(email.sentAt)}>
                {formatDate(email.sentAt)}
              </time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
