/**
 * The palette's "Copy link to this record": the `brm://` link of the record open in the current
 * view (preload/contract/record-links.ts), for pasting into an e-mail or chat; opening the link
 * on a computer with BRM Desktop installed opens the same record there (docs/PACKAGING.md,
 * "Record links").
 */
import { recordLinkOf } from '../../../../preload/contract/record-links';
import type { AppStores } from '../../stores/app-stores';
import { viewList } from '../registry';

/** The link of the record open in the current view, or null when the view has none open. */
export function currentRecordLink({ ui }: Pick<AppStores, 'ui'>): string | null {
  const { view, selected } = ui.getState();
  const type = viewList.find((entry) => entry.name === view)?.opens;
  const id = selected[view];
  return type && id ? recordLinkOf(type, id) : null;
}

/** Copies the current record's link to the clipboard and says so (or what to do instead) in a toast. */
export async function copyCurrentRecordLink(stores: Pick<AppStores, 'ui'>): Promise<void> {
  const { pushToast, setOverlay } = stores.ui.getState();
  setOverlay(null);
  const link = currentRecordLink(stores);
  if (!link) {
    pushToast({
      title: 'No record is open',
      body: 'Open a contact, company, calendar event, document or deal, then copy its link.',
    });
    return;
  }
  try {
    await navigator.clipboard.writeText(link);
    pushToast({ title: 'Link copied', body: link });
  } catch {
    pushToast({ title: 'Copying is not allowed here', body: `Select and copy the link yourself: ${link}` });
  }
}
