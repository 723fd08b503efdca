/**
 * Approve / Reject of a document awaiting approval, one piece for the document's page and for the
 * notification that asks for the decision. A decision needs the service (the move is checked
 * against the state the service holds now; `Approve Document` and `Reject Document` take no
 * Idempotency-Key, api/openapi.yaml), so the buttons say so while offline. Rejecting asks for the
 * comment the contract requires (`DocumentRejection.comment`, 1 to 2000 characters); approving
 * takes an optional one. A refused move is shown in the core's words (the state the document is in).
 * The buttons follow the access rules of `approveDocument` and `rejectDocument` on `record`
 * (lib/use-access.ts).
 */
import { useId, useState } from 'react';
import { documentRejectionSchema } from '../../../preload/contract';
import { useAccess } from '../lib/use-access';
import { useAsyncAction } from '../lib/use-async-action';
import { needsServiceMessage, useOnline } from '../lib/use-online';
import { useBridge, useUi } from '../stores/stores-context';
import { ActionButton } from './action-button';
import { FormDialog } from './form-dialog';
import { TextField } from './forms/form-field';
import './document-decision.css';

/** The longest decision comment, characters (api/openapi.yaml `DocumentRejection.comment`). */
const maxComment = 2000;

export interface DocumentDecisionProps {
  documentId: string;
  /** The document's title, for the dialog and the toast. */
  title: string;
  /** Called after the service took the decision. */
  onDecided?(state: 'approved' | 'rejected'): void;
  /**
   * The document with its approval round (`approval.approverId`), as `Document Detail` answers it,
   * which the access rules judge; undefined while not read (then only roles are judged).
   */
  record?: unknown;
}

/** Renders "Approve" and "Reject" and the dialog each opens. */
export function DocumentDecisionButtons({ documentId, title, onDecided, record }: DocumentDecisionProps) {
  const online = useOnline();
  const approving = useAccess('approveDocument', record);
  const rejecting = useAccess('rejectDocument', record);
  const noteId = useId();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  return (
    <>
      <span className="document-decision">
        <ActionButton
          className="button button-primary"
          disabled={!online}
          aria-describedby={online ? undefined : noteId}
          aria-label={`Approve ${title}`}
          refusal={approving.reason}
          onClick={() => setOpen('approve')}
        >
          Approve
        </ActionButton>
        <ActionButton
          className="button"
          disabled={!online}
          aria-describedby={online ? undefined : noteId}
          aria-label={`Reject ${title}…`}
          refusal={rejecting.reason}
          onClick={() => setOpen('reject')}
        >
          Reject…
        </ActionButton>
        {online ? null : (
          <span id={noteId} className="document-decision-note">
            Approving and rejecting: {needsServiceMessage}
          </span>
        )}
      </span>
      {open ? (
        <DecisionDialog
          kind={open}
          documentId={documentId}
          title={title}
          onClose={() => setOpen(null)}
          onDecided={(state) => {
            setOpen(null);
            onDecided?.(state);
          }}
        />
      ) : null}
    </>
  );
}

function DecisionDialog({
  kind,
  documentId,
  title,
  onClose,
  onDecided,
}: { kind: 'approve' | 'reject'; onClose(): void; onDecided(state: 'approved' | 'rejected'): void } & Omit<
  DocumentDecisionProps,
  'onDecided'
>) {
  const bridge = useBridge();
  const pushToast = useUi((s) => s.pushToast);
  const [comment, setComment] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const action = useAsyncAction();
  const reject = kind === 'reject';

  async function decide() {
    action.setError(null);
    const text = comment.trim();
    if (reject && !documentRejectionSchema.safeParse({ id: documentId, comment: text }).success) {
      setFieldError('Say why it is rejected: the owner reads this to fix the document.');
      return;
    }
    const saved = await action.run(() =>
      reject
        ? bridge.call('documents.reject', { id: documentId, comment: text })
        : bridge.call('documents.approve', { id: documentId, comment: text || null }),
    );
    if (!saved) return;
    pushToast({ title: reject ? `Rejected ${title}` : `Approved ${title}`, body: 'The owner is notified.' });
    onDecided(saved.state === 'rejected' ? 'rejected' : 'approved');
  }

  return (
    <FormDialog
      title={`${reject ? 'Reject' : 'Approve'} ${title}`}
      onClose={onClose}
      submitLabel={reject ? 'Reject document' : 'Approve document'}
      busyLabel="Sending…"
      busy={action.busy}
      onSubmit={() => void decide()}
      error={action.error}
    >
      <TextField
        label={reject ? 'Why is it rejected?' : 'Comment for the owner (optional)'}
        required={reject}
        multiline
        autoFocus
        maxLength={maxComment}
        value={comment}
        error={fieldError}
        onChange={(value) => {
          setComment(value);
          setFieldError(undefined);
        }}
      />
    </FormDialog>
  );
}
