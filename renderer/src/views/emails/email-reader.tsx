/**
 * One e-mail, read in a dialog (`emails.get`, `getEmail`): its headers, its body as plain text (an
 * HTML body is shown as its text only, lib/html-to-text.ts: no HTML of the message reaches the page),
 * its attachments (EmailAttachments) and "Download message", which saves the whole message as an
 * `.eml` file (`emails.downloadMessage`, `downloadEmail`; it needs the service and says so offline).
 * Kept for offline with its age.
 */
import { useMemo, useState } from 'react';
import type { EmailMessage } from '../../../../preload/contract';
import { Dialog } from '../../components/dialog';
import { ErrorBanner } from '../../components/error-banner';
import { FieldList } from '../../components/field-list';
import { KeptAgeNote } from '../../components/kept-age';
import { LoadingState } from '../../components/loading-state';
import { TransferState } from '../../components/transfer-state';
import { useAsyncAction } from '../../lib/use-async-action';
import { formatDateTime } from '../../lib/format';
import { htmlToText } from '../../lib/html-to-text';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { useBridge, useStores } from '../../stores/stores-context';
import { EmailAttachments } from './email-attachments';
import { directionLabel, formatAddress, formatAddresses, subjectLabel } from './email-words';

/** Renders e-mail `id` in a dialog; `onClose` closes it. */
export function EmailReader({ id, onClose }: { id: string; onClose(): void }) {
  const { data, error, reload } = useBridgeQuery('emails.get', { id });
  const email = data?.value;
  const title = email ? subjectLabel(email.subject) : 'E-mail';
  return (
    <Dialog title={title} open onClose={onClose} size="large" actions={<ReaderActions id={id} />}>
      {error && !data ? <ErrorBanner message={`The e-mail could not be loaded: ${error}`} onRetry={reload} /> : null}
      {!data && !error ? <LoadingState label="Loading e-mail…" /> : null}
      {data && !email ? (
        <p className="muted">Not fetched yet: this e-mail shows once the service can be reached.</p>
      ) : null}
      {data && email ? (
        <>
          <KeptAgeNote subject="This e-mail" fetchedAt={data.fetchedAt} />
          <EmailMessageView email={email} />
        </>
      ) : null}
    </Dialog>
  );
}

/** The headers, the body and the attachments of `email`. */
function EmailMessageView({ email }: { email: EmailMessage }) {
  const [showHtml, setShowHtml] = useState(email.text.trim() === '' && email.html !== null);
  const htmlText = useMemo(() => (email.html === null ? null : htmlToText(email.html)), [email.html]);
  const body = showHtml && htmlText !== null ? htmlText : email.text;
  return (
    <article className="email-message" aria-label={`E-mail: ${subjectLabel(email.subject)}`}>
      <FieldList
        fields={[
          { label: 'From', value: formatAddress(email.from) },
          { label: 'To', value: formatAddresses(email.to) },
          ...(email.cc.length > 0 ? [{ label: 'Cc', value: formatAddresses(email.cc) }] : []),
          { label: 'Date', value: formatDateTime(email.sentAt) },
          { label: 'Direction', value: directionLabel[email.direction] },
        ]}
      />
      {htmlText !== null ? (
        <div className="email-body-switch">
          <button
            type="button"
            className="button button-small"
            aria-pressed={!showHtml}
            onClick={() => setShowHtml(false)}
          >
            Plain text
          </button>
          <button
            type="button"
            className="button button-small"
            aria-pressed={showHtml}
            onClick={() => setShowHtml(true)}
          >
            Text of the HTML version
          </button>
        </div>
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the body scrolls; it takes the focus so the keyboard can scroll it. */}
      <section className="email-body" aria-label="Message body" tabIndex={0}>
        {body.trim() === '' ? <span className="muted">This e-mail has no text.</span> : body}
      </section>
      {email.attachmentCount > 0 ? <EmailAttachments emailId={email.id} /> : null}
    </article>
  );
}

/** "Download message" and the state of its download; downloading needs the service and says so offline. */
function ReaderActions({ id }: { id: string }) {
  const bridge = useBridge();
  const { transfers } = useStores();
  const online = useOnline();
  const { busy, error, run } = useAsyncAction();
  const [transferId, setTransferId] = useState<string | null>(null);

  async function download() {
    const transfer = await run(() => bridge.call('emails.downloadMessage', { id }));
    if (!transfer) return;
    transfers.getState().upsert([transfer]);
    setTransferId(transfer.id);
  }

  return (
    <>
      <div className="email-action-note">
        {error ? (
          <p className="note note-error" role="alert">
            The message could not be downloaded: {error}
          </p>
        ) : (
          <TransferState id={transferId} />
        )}
        {online ? null : <p className="note">Downloading the whole message needs the service; you are offline.</p>}
      </div>
      <button
        type="button"
        className="button"
        disabled={!online || busy}
        title="Save the whole message with its attachments as an .eml file"
        onClick={() => void download()}
      >
        Download message
      </button>
    </>
  );
}
