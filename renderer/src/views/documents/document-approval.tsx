/**
 * A document's approval (api/openapi.yaml `DocumentState`): its state in words, the latest round
 * (who asked whom and when, who decided, when and why) read with `Document Detail` and kept for
 * offline with its age, and the move its state allows: "Submit for approval" from a draft or a
 * rejected document, Approve / Reject while it awaits approval. Moves need the service. Submitting
 * follows the access rule of `saveDocument` on the document, deciding those of `approveDocument` /
 * `rejectDocument` on the document with its round (the approver it was submitted to, a manager or
 * an administrator: lib/use-access.ts); the cached document has no round, `Document Detail` gives it.
 */
import { useId, useState } from 'react';
import type { DocumentApprovalRound, DocumentDetail } from '../../../../preload/contract';
import { documentApprovalRequestSchema } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { FormDialog } from '../../components/form-dialog';
import { DocumentDecisionButtons } from '../../components/document-decision';
import { SearchableSelect, type SelectOption } from '../../components/forms/searchable-select';
import { TextField } from '../../components/forms/form-field';
import { KeptAge } from '../../components/kept-age';
import { useAccess } from '../../lib/use-access';
import { useAsyncAction } from '../../lib/use-async-action';
import { formatDateTime } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { needsServiceMessage, useOnline } from '../../lib/use-online';
import { useBridge, useUi } from '../../stores/stores-context';

const stateWords: Record<DocumentDetail['state'], string> = {
  draft: 'A draft: submit it for approval when it is ready.',
  pendingApproval: 'Awaiting approval.',
  approved: 'Approved. Its title and file name are locked; clone it to make a new draft.',
  rejected: 'Rejected: change it and submit it for approval again.',
};

/** Renders the approval section of `document`. */
export function DocumentApproval({ document }: { document: DocumentDetail }) {
  const detail = useBridgeQuery('documents.detail', { id: document.id }, ['document']);
  const [submitting, setSubmitting] = useState(false);
  const online = useOnline();
  const noteId = useId();
  const round = detail.data?.value?.approval ?? null;
  const canSubmit = document.state === 'draft' || document.state === 'rejected';
  const submitAccess = useAccess('saveDocument', document);
  // The document as `Document Detail` gives it (with its round); not judged until read.
  const decided = detail.data?.value ? { ...document, approval: round } : undefined;

  return (
    <section className="document-section" aria-labelledby={`${noteId}-title`}>
      <h3 id={`${noteId}-title`}>Approval</h3>
      <p>{stateWords[document.state]}</p>
      {round ? <ApprovalRound round={round} /> : null}
      {canSubmit || document.state === 'pendingApproval' ? (
        <div className="detail-actions">
          {canSubmit ? (
            <ActionButton
              className="button button-primary"
              disabled={!online || document.syncState === 'pending'}
              aria-describedby={online ? undefined : noteId}
              refusal={submitAccess.reason}
              onClick={() => setSubmitting(true)}
            >
              Submit for approval…
            </ActionButton>
          ) : null}
          {document.state === 'pendingApproval' ? (
            <DocumentDecisionButtons
              documentId={document.id}
              title={document.title}
              record={decided}
              onDecided={detail.reload}
            />
          ) : null}
        </div>
      ) : null}
      {document.state === 'pendingApproval' && round ? (
        <p className="document-note">{round.approverName ?? 'A user not in your data'} is asked to decide.</p>
      ) : null}
      {canSubmit && !online ? (
        <p id={noteId} className="document-note">
          Submitting for approval: {needsServiceMessage}
        </p>
      ) : null}
      {canSubmit && document.syncState === 'pending' ? (
        <p className="document-note">Your last edit of this document is still on its way; submit it once it is sent.</p>
      ) : null}
      <KeptAge
        subject="Approval"
        fetchedAt={detail.data?.fetchedAt}
        loading={detail.loading}
        reload={detail.reload}
        refreshLabel="Refresh approval"
      />
      {submitting ? (
        <SubmitDialog
          document={document}
          onClose={() => setSubmitting(false)}
          onSubmitted={() => {
            setSubmitting(false);
            detail.reload();
          }}
        />
      ) : null}
    </section>
  );
}

/** The latest round in words. */
function ApprovalRound({ round }: { round: DocumentApprovalRound }) {
  const who = (name: string | null) => name ?? 'a user not in your data';
  return (
    <dl className="document-approval-round">
      <dt>Submitted</dt>
      <dd>
        by {who(round.requestedByName)} to {who(round.approverName)} on {formatDateTime(round.requestedAt)}
        {round.requestComment ? `: “${round.requestComment}”` : ''}
      </dd>
      {round.decidedAt ? (
        <>
          <dt>Decided</dt>
          <dd>
            by {who(round.decidedByName)} on {formatDateTime(round.decidedAt)}
            {round.comment ? `: “${round.comment}”` : ''}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** Asks whom to submit to (a user other than me) and an optional note; sends `documents.submit`. */
function SubmitDialog({
  document,
  onClose,
  onSubmitted,
}: {
  document: DocumentDetail;
  onClose(): void;
  onSubmitted(): void;
}) {
  const bridge = useBridge();
  const pushToast = useUi((s) => s.pushToast);
  const [approver, setApprover] = useState<SelectOption | null>(null);
  const [comment, setComment] = useState('');
  const [approverError, setApproverError] = useState<string | undefined>();
  const action = useAsyncAction();

  async function search(text: string): Promise<SelectOption[]> {
    const { rows } = await bridge.call('contacts.list', { query: text || undefined, offset: 0, limit: 20 });
    return rows.map((c) => ({ id: c.id, label: `${c.firstName} ${c.lastName}`.trim(), detail: c.email }));
  }

  async function submit() {
    action.setError(null);
    const request = { approverId: approver?.id ?? '', comment: comment.trim() || null };
    if (!documentApprovalRequestSchema.safeParse(request).success) {
      setApproverError('Choose who approves the document.');
      return;
    }
    const saved = await action.run(() => bridge.call('documents.submit', { id: document.id, request }));
    if (!saved) return;
    pushToast({ title: `Submitted ${document.title}`, body: `${approver?.label} is asked to approve it.` });
    onSubmitted();
  }

  return (
    <FormDialog
      title={`Submit ${document.title} for approval`}
      onClose={onClose}
      submitLabel="Submit for approval"
      busyLabel="Sending…"
      busy={action.busy}
      onSubmit={() => void submit()}
      error={action.error}
    >
      <SearchableSelect
        label="Approver"
        value={approver}
        onChange={(value) => {
          setApprover(value);
          setApproverError(undefined);
        }}
        search={search}
        noneLabel="Nobody chosen"
        placeholder="Type to find a colleague"
        error={approverError}
        hint="A user of BRM other than you; they are notified."
      />
      <TextField
        label="Note for the approver (optional)"
        multiline
        maxLength={2000}
        value={comment}
        onChange={setComment}
      />
    </FormDialog>
  );
}
