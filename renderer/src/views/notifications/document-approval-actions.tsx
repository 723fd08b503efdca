/**
 * Approve / Reject straight from a notification asking for a document's approval
 * (`documentAwaitingApproval`), while the document still awaits approval in the cache; once decided
 * (here or elsewhere) the notification says the document's state instead. The buttons judge the
 * document with its approval round (`Document Detail`, kept for offline) by the access rules.
 */
import { DocumentDecisionButtons } from '../../components/document-decision';
import { documentStateLabel } from '../../lib/labels';
import { useBridgeQuery } from '../../lib/use-bridge-query';

/** Renders the decision buttons of document `documentId`, or its state once it was decided. */
export function DocumentApprovalActions({ documentId }: { documentId: string }) {
  const { data: document } = useBridgeQuery('documents.get', { id: documentId }, ['document']);
  const pending = document?.state === 'pendingApproval';
  const detail = useBridgeQuery('documents.detail', pending ? { id: documentId } : null, ['document']).data;
  if (!document) return null;
  if (!pending) return <p className="notification-body">Now: {documentStateLabel[document.state]}.</p>;
  const record = detail?.value ? { ...document, approval: detail.value.approval } : undefined;
  return <DocumentDecisionButtons documentId={document.id} title={document.title} record={record} />;
}
