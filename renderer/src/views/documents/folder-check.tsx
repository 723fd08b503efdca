/**
 * "Check with the service" for the folder on screen: its documents and direct subfolders against
 * `listFolderDocuments` (components/service-check.tsx; preload/contract/listing-checks.ts). A
 * subfolder the service no longer lists opens in the tree; a document, on its page.
 */
import { useCallback } from 'react';
import type { NotListedRecord } from '../../../../preload/contract';
import { ServiceCheck } from '../../components/service-check';
import { useBridge, useUi } from '../../stores/stores-context';

const folderNoun = ['document or subfolder', 'documents and subfolders'] as const;

/** Renders the check of folder `folderId`; `onOpenFolder` shows a subfolder. */
export function FolderCheck({ folderId, onOpenFolder }: { folderId: string; onOpenFolder(id: string): void }) {
  const bridge = useBridge();
  const openRecord = useUi((state) => state.openRecord);
  const check = useCallback(() => bridge.call('documents.checkFolder', { folderId }), [bridge, folderId]);
  const open = useCallback(
    (record: NotListedRecord) =>
      record.type === 'folder' ? onOpenFolder(record.id) : openRecord('document', record.id),
    [onOpenFolder, openRecord],
  );
  return (
    <div className="service-check-bar service-check-bar-end">
      <ServiceCheck scopeKey={folderId} noun={folderNoun} check={check} onOpen={open} />
    </div>
  );
}
