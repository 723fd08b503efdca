/**
 * The actions on one contact, shared by its page's buttons and the view's keys: archive or restore
 * (with Undo), and delete (asked first). Both are queued like any edit, so they work offline. What
 * the access rules refuse (`archiveContact`, `deleteContact`, `saveUser` on this contact:
 * lib/use-access.ts) is not done: the buttons say why, a key says it in a toast.
 */
import { type ReactNode, useState } from 'react';
import type { ContactDetail } from '../../../../preload/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import { fullName } from '../../lib/format';
import { type Access, useAccess } from '../../lib/use-access';
import { useRefusalGuard } from '../../lib/use-refusal-guard';
import { useBridge, useUi } from '../../stores/stores-context';

export interface ContactActions {
  /** Whether the signed-in user may edit, archive or restore, and delete the contact. */
  access: { edit: Access; archive: Access; delete: Access };
  /** Archives an active contact, restores an archived one. */
  toggleArchive(): void;
  /** Asks whether to delete the contact. */
  askDelete(): void;
  /** The confirmation dialog; render it once. */
  dialog: ReactNode;
}

/** The actions on `contact` (none while it is null); `onDeleted` runs once it was deleted. */
export function useContactActions(contact: ContactDetail | null, onDeleted: () => void): ContactActions {
  const bridge = useBridge();
  const pushToast = useUi((state) => state.pushToast);
  const guard = useRefusalGuard();
  const [deleting, setDeleting] = useState<ContactDetail | null>(null);
  const access = {
    edit: useAccess('saveUser', contact),
    archive: useAccess('archiveContact', contact),
    delete: useAccess('deleteContact', contact),
  };

  async function archive(target: ContactDetail, archived: boolean, undo: boolean) {
    const name = fullName(target);
    try {
      await bridge.call('contacts.archive', { id: target.id, archived });
      if (undo) return;
      pushToast({
        title: archived ? 'Contact archived' : 'Contact restored',
        body: archived ? `${name} is archived. Filter by status to see archived contacts.` : `${name} is active again.`,
        action: { label: 'Undo', run: () => void archive(target, !archived, true) },
      });
    } catch (reason) {
      pushToast({ title: `${name} could not be ${archived ? 'archived' : 'restored'}`, body: errorMessage(reason) });
    }
  }

  async function remove(target: ContactDetail) {
    setDeleting(null);
    try {
      await bridge.call('contacts.delete', { id: target.id });
      pushToast({ title: 'Contact deleted', body: `${fullName(target)} was deleted.` });
      onDeleted();
    } catch (reason) {
      pushToast({ title: `${fullName(target)} could not be deleted`, body: errorMessage(reason) });
    }
  }

  return {
    access,
    toggleArchive() {
      if (contact) guard(access.archive, () => void archive(contact, contact.state !== 'archived', false));
    },
    askDelete() {
      if (contact) guard(access.delete, () => setDeleting(contact));
    },
    dialog: (
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${fullName(deleting)}?` : 'Delete contact?'}
        message={
          deleting
            ? `${fullName(deleting)} is removed from BRM for everyone once the service has the change. This cannot be undone; archive the contact instead if you may need it again.`
            : ''
        }
        confirmLabel="Delete contact"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    ),
  };
}
