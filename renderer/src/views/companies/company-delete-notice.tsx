/**
 * What the company page says about a delete of this machine that the service has not accepted:
 * while it waits, that it waits (with Undo); once refused (409: contacts, deals or rebate
 * agreements still name the company; api/openapi.yaml, `Delete company`), the service's words, why
 * that happens, and the choice to keep the company or try again. Other refused or conflicting edits
 * are shown by the shared `RecordSyncNotice`.
 */
import { useState } from 'react';
import type { OutboxEntry } from '../../../../preload/contract';
import { errorMessage } from '../../lib/errors';
import { useBridge } from '../../stores/stores-context';
import { EntryMessages } from '../pending/entry-messages';

export interface CompanyDeleteNoticeProps {
  /** The company's delete entry in the outbox. */
  entry: OutboxEntry;
  /** The company's name, for the words. */
  name: string;
}

/** Renders the notice of a waiting or refused delete. */
export function CompanyDeleteNotice({ entry, name }: CompanyDeleteNoticeProps) {
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function run(call: 'outbox.discard' | 'outbox.retry') {
    setBusy(true);
    setFailure(null);
    try {
      await bridge.call(call, { id: entry.id });
    } catch (reason) {
      setFailure(errorMessage(reason));
    } finally {
      setBusy(false);
    }
  }

  const failed = failure ? (
    <p className="form-field-error" role="alert">
      {failure}
    </p>
  ) : null;

  if (entry.state === 'waiting' || entry.state === 'sending') {
    return (
      <div className="company-delete company-delete-waiting" role="status">
        <p>
          <strong>Deleting {name}.</strong>{' '}
          {entry.state === 'sending'
            ? 'Sending the deletion to the service…'
            : 'The deletion waits to be sent to the service; the company is gone once the service accepts it.'}
        </p>
        <div className="button-row">
          <button
            type="button"
            className="button button-small"
            disabled={busy || entry.state === 'sending'}
            onClick={() => void run('outbox.discard')}
          >
            Undo delete
          </button>
        </div>
        {failed}
      </div>
    );
  }

  return (
    <div className="company-delete company-delete-refused" role="alert">
      <p className="company-delete-title">The service refused to delete {name}.</p>
      <EntryMessages entry={entry} />
      <p>
        A company cannot be deleted while contacts, deals or rebate agreements still belong to it. Move or delete those
        first and try again, or keep the company.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button-small button-primary"
          disabled={busy}
          onClick={() => void run('outbox.discard')}
        >
          Keep the company
        </button>
        <button type="button" className="button button-small" disabled={busy} onClick={() => void run('outbox.retry')}>
          Try deleting again
        </button>
      </div>
      {failed}
    </div>
  );
}
