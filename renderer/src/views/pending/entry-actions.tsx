/**
 * `EntryActions`: what the user can do with one outbox entry, wherever it is shown (the pending
 * panel, a record's page): open its record, settle a conflict, send it again, discard it (asked
 * first: the change is lost and the service's version shows again).
 */
import { useState } from 'react';
import type { OutboxEntry } from '../../../../preload/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import { useOnline } from '../../lib/use-online';
import { useBridge, useUi } from '../../stores/stores-context';
import { ConflictDialog } from './conflict-dialog';
import { recordNoun } from './outbox-words';
import { FormMessage } from '../../components/forms/form-message';

export interface EntryActionsProps {
  entry: OutboxEntry;
  /** Offer "Open <record>" (the panel does; a record's own page does not). */
  showOpen?: boolean;
  /** Offer "Fix it" for a refused edit, opening the record's form. */
  onFix?: () => void;
}

/** Renders the entry's buttons and the dialogs they open. */
export function EntryActions({ entry, showOpen = false, onFix }: EntryActionsProps) {
  const bridge = useBridge();
  const openRecord = useUi((state) => state.openRecord);
  const canOpen = useUi((state) => state.canOpen);
  const online = useOnline();
  const pushToast = useUi((state) => state.pushToast);
  const [confirming, setConfirming] = useState(false);
  const [resolving, setResolving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A deleted record has nothing to open; notes, folders and notifications have no page of their own.
  const type = entry.recordType;
  const target =
    showOpen && entry.recordId && entry.kind !== 'delete' && canOpen(type) ? { type, id: entry.recordId } : null;

  async function run(action: () => Promise<unknown>) {
    setError(null);
    try {
      await action();
    } catch (reason) {
      setError(errorMessage(reason));
    }
  }

  async function discard() {
    setConfirming(false);
    await run(async () => {
      await bridge.call('outbox.discard', { id: entry.id });
      pushToast({ title: 'Change discarded', body: entry.summary });
    });
  }

  return (
    <>
      <div className="button-row pending-entry-actions">
        {target ? (
          <button type="button" className="button button-small" onClick={() => openRecord(target.type, target.id)}>
            Open {recordNoun[target.type]}
          </button>
        ) : null}
        {entry.state === 'conflict' ? (
          <button type="button" className="button button-small button-primary" onClick={() => setResolving(true)}>
            {entry.conflict?.kind === 'deleted' ? 'Decide…' : 'Choose versions…'}
          </button>
        ) : null}
        {entry.state === 'refused' && onFix ? (
          <button type="button" className="button button-small button-primary" onClick={onFix}>
            Fix it
          </button>
        ) : null}
        {/* Offline a waiting change goes by itself once the service is back; sending now cannot help. */}
        {entry.state === 'refused' || (entry.state === 'waiting' && online) ? (
          <button
            type="button"
            className="button button-small"
            onClick={() => void run(() => bridge.call('outbox.retry', { id: entry.id }))}
          >
            {entry.state === 'refused' ? 'Send again' : 'Send now'}
          </button>
        ) : null}
        {entry.state !== 'sending' ? (
          <button type="button" className="button button-small" onClick={() => setConfirming(true)}>
            Discard…
          </button>
        ) : null}
      </div>
      <FormMessage message={error} />
      <ConfirmDialog
        open={confirming}
        title="Discard this change?"
        message={`"${entry.summary}" will not be sent, and what you changed is lost. The ${recordNoun[entry.recordType]} shows the service's version again.`}
        confirmLabel="Discard change"
        onConfirm={() => void discard()}
        onCancel={() => setConfirming(false)}
      />
      <ConflictDialog entry={resolving ? entry : null} onClose={() => setResolving(false)} />
    </>
  );
}
