/**
 * The document's workflow buttons: Edit (title, file name, folder), Clone (queued; the copy appears
 * once the service made it and sync brought it), Delete (asks first; works offline, gone at once)
 * and, on a zip file, "Unpack zip" (needs the service; its refusals are said in words). A refused or
 * conflicting edit shows the shared notice (`RecordSyncNotice`), whose "Fix it" opens the form.
 * Edit and Delete follow the access rules of `saveDocument` and `deleteDocument` on the document
 * (its owner, a manager or an administrator: lib/use-access.ts); refused, they say why.
 */
import { useId, useState } from 'react';
import type { DocumentDetail } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { useAccess } from '../../lib/use-access';
import { useAsyncAction } from '../../lib/use-async-action';
import { needsServiceMessage, useOnline } from '../../lib/use-online';
import { useBridge, useUi } from '../../stores/stores-context';
import { RecordSyncNotice } from '../pending/record-sync-notice';
import { DocumentEditDialog } from './document-edit-dialog';

/** True for a zip file, by its type or its extension. */
function isZip(document: DocumentDetail): boolean {
  return /zip/i.test(document.contentType) || /\.zip$/i.test(document.name);
}

/** Renders the workflow buttons of `document`. */
export function DocumentWorkflowBar({ document }: { document: DocumentDetail }) {
  const bridge = useBridge();
  const pushToast = useUi((s) => s.pushToast);
  const online = useOnline();
  const noteId = useId();
  const editAccess = useAccess('saveDocument', document);
  const deleteAccess = useAccess('deleteDocument', document);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const action = useAsyncAction();
  const unpacking = useAsyncAction();

  const clone = () =>
    action.run(async () => {
      await bridge.call('documents.clone', { id: document.id });
      pushToast({
        title: `Copying ${document.title}`,
        body: online
          ? 'The copy appears in the folder in a moment.'
          : 'You are offline: the copy is made when the service can be reached.',
      });
    });
  const remove = () => {
    setDeleting(false);
    return action.run(async () => {
      await bridge.call('documents.delete', { id: document.id });
      pushToast({
        title: `Deleted ${document.title}`,
        body: online ? 'It is deleted on the service too.' : 'It is deleted on the service when you are online.',
      });
    });
  };
  const unpack = () =>
    unpacking.run(async () => {
      const result = await bridge.call('documents.unpack', { id: document.id });
      pushToast({
        title: `Unpacked ${document.name}`,
        body: `${result.count} ${result.count === 1 ? 'file is' : 'files are'} now documents in ${result.folderName}.`,
      });
    });

  return (
    <>
      <div className="detail-actions">
        <ActionButton className="button" refusal={editAccess.reason} onClick={() => setEditing(true)}>
          Edit…
        </ActionButton>
        <button type="button" className="button" onClick={() => void clone()}>
          Clone
        </button>
        {isZip(document) ? (
          <button
            type="button"
            className="button"
            disabled={!online || unpacking.busy}
            aria-describedby={online ? undefined : noteId}
            onClick={() => void unpack()}
          >
            {unpacking.busy ? 'Unpacking…' : 'Unpack zip'}
          </button>
        ) : null}
        <ActionButton className="button button-danger" refusal={deleteAccess.reason} onClick={() => setDeleting(true)}>
          Delete…
        </ActionButton>
      </div>
      {isZip(document) && !online ? (
        <p id={noteId} className="document-note">
          Unpacking: {needsServiceMessage}
        </p>
      ) : null}
      {document.syncState ? (
        <RecordSyncNotice
          recordId={document.id}
          syncState={document.syncState}
          onFix={editAccess.allowed ? () => setEditing(true) : undefined}
        />
      ) : null}
      {action.error ? <ErrorBanner message={action.error} onDismiss={() => action.setError(null)} /> : null}
      {unpacking.error ? (
        <ErrorBanner
          message={`The zip could not be unpacked: ${unpacking.error}`}
          onDismiss={() => unpacking.setError(null)}
        />
      ) : null}
      {editing ? <DocumentEditDialog document={document} onClose={() => setEditing(false)} /> : null}
      <ConfirmDialog
        open={deleting}
        title={`Delete ${document.title}?`}
        message={`${document.name} is deleted for everyone, with its notes and its relations to other documents. This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      />
    </>
  );
}
