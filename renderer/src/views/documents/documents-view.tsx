/**
 * Documents: the folder tree with its edits (New folder, Rename, Move to…, Delete; a folder or a
 * document dragged onto a folder moves it there), the selected folder's documents (virtualized,
 * searchable, a drop zone for uploads), the selected document's details, and the transfers panel. The selected document is
 * the view's record in the UI store, so a document opened from elsewhere (the command palette, a
 * notification) shows in its folder.
 */
import { DndContext, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Folder } from '../../../../preload/contract';
import { DetailPane } from '../../components/detail-pane';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { ServiceSearchStatus } from '../../components/search-sources';
import { useRecordListSelection } from '../../components/use-record-list-selection';
import { useRowWindows } from '../../components/use-row-windows';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useServiceSearch } from '../../lib/use-service-search';
import { useBridge, useDataVersion } from '../../stores/stores-context';
import { DocumentDetail } from './document-detail';
import { FolderCheck } from './folder-check';
import { FolderContent } from './folder-content';
import { childrenByParent } from './folder-tree-model';
import { FolderTree } from './folder-tree';
import { FolderToolbar } from './folder-toolbar';
import { TransfersPanel } from './transfers-panel';
import { useFolderEdits } from './use-folder-edits';
import './documents.css';

/** The first top-level folder by name, the default selection. */
function firstFolder(folders: readonly Folder[]): string | null {
  return childrenByParent(folders).get(null)?.[0]?.id ?? null;
}

/** Renders the documents view. */
export function DocumentsView() {
  const bridge = useBridge();
  const folders = useBridgeQuery('documents.listFolders', {}, ['folder', 'document', 'outbox']);
  const [chosenFolderId, setChosenFolderId] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const searched = useDebouncedValue(query.trim(), 100, true);
  const version = useDataVersion(['document']);

  const folderList = folders.data;
  const folderId = useMemo(() => {
    if (!folderList) return null;
    return folderList.some((folder) => folder.id === chosenFolderId) ? chosenFolderId : firstFolder(folderList);
  }, [folderList, chosenFolderId]);
  const folder = folderList?.find((candidate) => candidate.id === folderId) ?? null;

  const fetchWindow = useCallback(
    async (offset: number, limit: number) =>
      folderId
        ? bridge.call('documents.list', { folderId, query: searched === '' ? undefined : searched, offset, limit })
        : { rows: [], total: 0 },
    [bridge, folderId, searched],
  );
  const search = useServiceSearch('documents', searched, fetchWindow, { folderId, enabled: folderId !== null });
  const windows = useRowWindows(search.fetchWindow, `${folderId ?? ''}\n${searched}`, `${version}:${search.stamp}`);
  const selection = useRecordListSelection('documents', windows.getRow);
  const { resetIndex, selectedId } = selection;

  // A document opened from elsewhere: show the folder it is in.
  const opened = useBridgeQuery('documents.get', selectedId ? { id: selectedId } : null);
  const openedFolderId = opened.data?.folderId ?? null;
  useEffect(() => {
    if (openedFolderId) setChosenFolderId(openedFolderId);
  }, [openedFolderId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new folder or query is the trigger by design.
  useEffect(() => resetIndex(), [folderId, searched]);

  function chooseFolder(id: string) {
    if (id !== folderId) setQuery('');
    setChosenFolderId(id);
  }

  const edits = useFolderEdits(folderList ?? [], chooseFolder);
  // A drag starts after the pointer moved a little, so a click still selects.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  let content: React.ReactNode;
  if (folders.error && !folderList) {
    content = <ErrorBanner message={`Folders could not be loaded: ${folders.error}`} onRetry={folders.reload} />;
  } else if (!folderList) {
    content = <LoadingState label="Loading folders…" />;
  } else if (!folder) {
    content = (
      <EmptyState title="No folders yet">
        Folders appear here once they exist on the server and have been synced.
      </EmptyState>
    );
  } else {
    content = (
      <DndContext sensors={sensors} onDragEnd={edits.onDragEnd}>
        <div className="documents-layout">
          <div className="folder-pane">
            <h1 className="folder-pane-title">Documents</h1>
            <FolderToolbar folder={folder} onAction={edits.act} access={edits.access} />
            {edits.status ? (
              <p className="folder-status" role="status">
                {edits.status}
              </p>
            ) : null}
            <FolderTree
              folders={folderList}
              selectedId={folderId}
              onSelect={(id) => {
                edits.clearStatus();
                chooseFolder(id);
              }}
              onKeyAction={edits.act}
            />
          </div>
          <FolderContent
            folder={folder}
            subfolders={childrenByParent(folderList).get(folder.id) ?? []}
            onOpenFolder={chooseFolder}
            query={query}
            searched={searched}
            onQueryChange={setQuery}
            windows={windows}
            selection={selection}
            searchStatus={<ServiceSearchStatus search={search} />}
          />
        </div>
      </DndContext>
    );
  }

  return (
    <DetailPane detailLabel="Document details" detail={<DocumentDetail id={selection.selectedId} />}>
      <div className="documents-main">
        {content}
        {folder ? <FolderCheck folderId={folder.id} onOpenFolder={chooseFolder} /> : null}
        <TransfersPanel />
      </div>
      {edits.dialogs}
    </DetailPane>
  );
}
