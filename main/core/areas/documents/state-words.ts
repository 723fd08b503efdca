/**
 * A document's approval state in words, and what can be done from it (api/openapi.yaml
 * `DocumentState`: submit draft|rejected → pendingApproval; approve or reject pendingApproval).
 */
import type { DocumentState } from '../../../../preload/contract';

const words: Record<DocumentState, { is: string; can: string }> = {
  draft: { is: 'a draft', can: 'Submit it for approval first.' },
  pendingApproval: { is: 'awaiting approval', can: 'Its approver can approve or reject it.' },
  approved: { is: 'approved', can: 'An approved document stays approved; clone it to make a new draft.' },
  rejected: { is: 'rejected', can: 'Change it and submit it for approval again.' },
};

/** "`what` was refused: the document is approved on the service now. An approved document…" */
export function refusedMoveWords(what: string, state: DocumentState): string {
  const { is, can } = words[state];
  return `${what} was refused: the document is ${is} on the service now. ${can}`;
}
