/**
 * The selected folder's content: its documents (virtualized, searchable) as a list with small
 * thumbnails or as a grid of cards (the layout chosen in the folder toolbar), a banner while uploads
 * into it wait or run, and the drop zone for uploads (drag files anywhere onto it, or "Upload" to
 * pick them). A document row can be dragged onto a folder in the tree to move it there (the
 * keyboard way: the folder field of Edit).
 */
import { useDropzone } from 'react-dropzone';
import type { DocumentRow, Folder } from '../../../../preload/contract';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { SearchField } from '../../components/search-field';
import { withSourceMark } from '../../components/search-sources';
import type { ListSelection } from '../../components/use-list-selection';
import type { RowWindows } from '../../components/use-row-windows';
import { listSummary, type RowNoun, WindowedList } from '../../components/windowed-list';
import { formatBytes, formatDate, pluralize } from '../../lib/format';
import { documentStateLabel } from '../../lib/labels';
import { DocumentGrid } from './document-grid';
import { DocumentThumbnail } from './document-thumbnail';
import { PendingUploads } from './pending-uploads';
import { useDocumentDrag } from './use-document-drag';
import { useDocumentLayout } from './use-document-layout';
import { useUpload } from './use-upload';

export interface FolderContentProps {
  folder: Folder;
  /** The folder's direct subfolders, offered when it holds no documents itself. */
  subfolders: readonly Folder[];
  onOpenFolder(id: string): void;
  query: string;
  /** The query as searched (after the debounce). */
  searched: string;
  onQueryChange(query: string): void;
  windows: RowWindows<DocumentRow>;
  selection: ListSelection;
  /** The service search's status line (components/search-sources.tsx), under the search field. */
  searchStatus?: React.ReactNode;
}

const rowHeight = 56;
const documentNoun: RowNoun = { one: 'document', many: 'documents' };

/** Renders the folder header, the document list or its empty state, and the drop zone around them. */
export function FolderContent({
  folder,
  subfolders,
  onOpenFolder,
  query,
  searched,
  onQueryChange,
  windows,
  selection,
  searchStatus,
}: FolderContentProps) {
  const upload = useUpload(folder.id);
  const [layout] = useDocumentLayout();
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (files) => void upload(files),
    noClick: true,
    noKeyboard: true,
    multiple: true,
  });

  const summary = listSummary(windows, documentNoun, searched);
  let empty: React.ReactNode;
  if (searched) {
    empty = (
      <EmptyState title={`No documents match "${searched}" in ${folder.name}`}>
        Check the spelling or clear the search (Esc).
      </EmptyState>
    );
  } else if (subfolders.length > 0) {
    empty = (
      <EmptyState
        title={`No documents directly in ${folder.name}`}
        action={subfolders.map((sub) => (
          <button key={sub.id} type="button" className="button" onClick={() => onOpenFolder(sub.id)}>
            <Icon name="folder" size={16} />
            <span>
              {sub.name} ({pluralize(sub.documentCount, 'document')})
            </span>
          </button>
        ))}
      >
        Open one of its subfolders, or drop files here to upload them to {folder.name}.
      </EmptyState>
    );
  } else {
    empty = (
      <EmptyState
        title="This folder is empty — drop files here or use Upload"
        action={
          <button type="button" className="button" onClick={open}>
            <Icon name="upload" size={16} />
            <span>Choose files…</span>
          </button>
        }
      />
    );
  }
  const body = (
    <WindowedList<DocumentRow>
      windows={windows}
      noun={documentNoun}
      label="Documents"
      rowHeight={rowHeight}
      renderRow={markedDocumentRow}
      selection={selection}
      resetKey={`${folder.id}:${searched}`}
      empty={empty}
      renderRows={
        layout === 'grid'
          ? (shown) => (
              <DocumentGrid
                windows={shown}
                label="Documents"
                selection={selection}
                resetKey={`${folder.id}:${searched}`}
              />
            )
          : undefined
      }
    />
  );

  return (
    <section
      {...getRootProps({
        role: 'region',
        'aria-label': 'Drop files to upload',
        className: isDragActive ? 'folder-content drop-zone drop-zone-active' : 'folder-content drop-zone',
      })}
    >
      <input {...getInputProps({ 'aria-label': 'Choose files to upload' })} />
      <header className="view-header folder-header">
        <div className="folder-heading">
          <h2 className="folder-title">{folder.name}</h2>
          <p className="view-summary" aria-live="polite">
            {summary}
          </p>
        </div>
        <div className="folder-actions">
          <SearchField
            label="Search documents"
            placeholder={`Search in ${folder.name}`}
            value={query}
            onChange={onQueryChange}
          />
          <button type="button" className="button button-primary" onClick={open}>
            <Icon name="upload" size={16} />
            <span>Upload</span>
          </button>
        </div>
        {searchStatus}
      </header>
      <div className="view-body">
        <PendingUploads folderId={folder.id} />
        {body}
      </div>
      {isDragActive ? (
        <div className="drop-overlay" aria-hidden="true">
          <Icon name="upload" size={28} />
          <span>Drop to upload to {folder.name}</span>
        </div>
      ) : null}
    </section>
  );
}

const markedDocumentRow = withSourceMark(renderDocumentRow);

/** A document's row: thumbnail, title, file name, size and last update, and its state; it can be dragged onto a folder. */
function renderDocumentRow(document: DocumentRow) {
  return <DocumentRowContent document={document} />;
}

function DocumentRowContent({ document }: { document: DocumentRow }) {
  const drag = useDocumentDrag(document);
  return (
    <div ref={drag.ref} {...drag.listeners} className={drag.dragging ? 'list-row document-dragging' : 'list-row'}>
      <DocumentThumbnail document={document} place="row" />
      <div className="list-row-text">
        <span className="list-row-primary">{document.title}</span>
        <span className="list-row-secondary">
          {document.name} · {formatBytes(document.size)} · updated {formatDate(document.updatedAt)}
        </span>
      </div>
      <span className={`pill pill-${document.state}`}>{documentStateLabel[document.state]}</span>
    </div>
  );
}
