/**
 * `DocumentGrid`: a folder's documents as cards (thumbnail, title, file name, size and date, state,
 * sync and download state), virtualized by rows of cards (@tanstack/react-virtual), so a folder of
 * 10,000 documents renders only the rows on screen. The number of cards per row follows the width.
 *
 * Keyboard (a listbox laid out in two dimensions; focus stays on it and `aria-activedescendant`
 * names the active card, as in `VirtualList`): Left/Right move by one card, Up/Down by a row (the
 * column count), PageUp/PageDown by a screenful of rows, Home/End to the ends; selection follows
 * the active card, and Enter (or Space) opens the active card's details, exactly as in the list.
 * The selection is the list's (`ListSelection`), so switching between List and Grid keeps it.
 */
import { type KeyboardEvent, memo, useEffect, useId, useState } from 'react';
import type { DocumentRow, Transfer } from '../../../../preload/contract';
import { SearchSourceMark } from '../../components/search-sources';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { useLatestDownload } from '../../components/transfer-state';
import type { ListSelection } from '../../components/use-list-selection';
import type { RowWindows } from '../../components/use-row-windows';
import { ListboxFrame, ListboxOption, useVirtualRows } from '../../components/virtual-listbox';
import { formatBytes, formatDate, percentOf } from '../../lib/format';
import type { Sourced } from '../../lib/service-search-merge';
import { documentStateLabel } from '../../lib/labels';
import { DocumentThumbnail } from './document-thumbnail';
import { useDocumentDrag } from './use-document-drag';

/** Narrowest card, px; cards share the row's width beyond it. */
const minCardWidth = 176;
/** Space between cards and around the grid, px (as `.doc-grid-row` in documents.css). */
const gap = 12;
/** Height of a row of cards with the gap below it, px (as `.doc-card` in documents.css). */
const rowHeight = 264;

/** Cards per row in a grid `width` px wide, with `gap` around and between cards (at least one). */
export function columnsFor(width: number): number {
  return Math.max(1, Math.floor((width - gap) / (minCardWidth + gap)));
}

/**
 * The card a Down press goes to from card `from` with `columns` cards per row and `total` cards:
 * the one below, or the last card when the row below is shorter and has none below `from`.
 */
function below(from: number, columns: number, total: number): number {
  if (from + columns < total) return from + columns;
  const lastRowStart = Math.floor((total - 1) / columns) * columns;
  return from < lastRowStart ? total - 1 : from;
}

export interface DocumentGridProps {
  windows: RowWindows<DocumentRow> & { total: number };
  /** Accessible name of the grid ("Documents"). */
  label: string;
  selection: ListSelection;
  /** Scrolls back to the top when it changes (a new folder or query). */
  resetKey: string;
}

/** Renders the grid (see module docs). */
export function DocumentGrid({ windows, label, selection, resetKey }: DocumentGridProps) {
  const { total, getRow, requestRange } = windows;
  const { activeIndex, selectedId, activate } = selection;
  const baseId = useId();
  const [columns, setColumns] = useState(1);
  const rows = Math.ceil(total / columns);
  const {
    scrollRef,
    virtualizer,
    items,
    first: firstRow,
    last: lastRow,
    moveTo,
  } = useVirtualRows({
    count: rows,
    rowHeight,
    // Rows of cards beyond the viewport on each side (each row holds several cards).
    overscan: 2,
    resetKey,
  });

  // The column count follows the grid's width.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `scrollRef` keeps its identity.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () => setColumns(columnsFor(element.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const firstCard = firstRow * columns;
  const lastCard = Math.min(total - 1, (lastRow + 1) * columns - 1);

  useEffect(() => {
    if (total > 0) requestRange(firstCard, lastCard);
  }, [firstCard, lastCard, total, requestRange]);

  // Opened in Grid with a card chosen in the list: bring it into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the grid appears or its columns change.
  useEffect(() => {
    if (activeIndex >= 0) virtualizer.scrollToIndex(Math.floor(activeIndex / columns), { align: 'auto' });
  }, [columns]);

  function move(event: KeyboardEvent<HTMLDivElement>) {
    if (total === 0) return;
    const screenRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 3) / rowHeight));
    const from = activeIndex;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = from < 0 ? 0 : from + 1;
        break;
      case 'ArrowLeft':
        next = from < 0 ? 0 : from - 1;
        break;
      case 'ArrowDown':
        next = from < 0 ? 0 : below(from, columns, total);
        break;
      case 'ArrowUp':
        next = from - columns >= 0 ? from - columns : Math.max(from, 0);
        break;
      case 'PageDown':
        next = from + screenRows * columns;
        break;
      case 'PageUp':
        next = from - screenRows * columns;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = total - 1;
        break;
      case 'Enter':
      case ' ':
        next = from < 0 ? 0 : from;
        break;
      default:
        return;
    }
    moveTo(event, next, total, activate, (index) => Math.floor(index / columns));
  }

  const activeInView = activeIndex >= firstCard && activeIndex <= lastCard && getRow(activeIndex) !== undefined;

  return (
    <ListboxFrame
      scrollRef={scrollRef}
      label={label}
      activeDescendant={activeInView ? `${baseId}-card-${activeIndex}` : undefined}
      className="doc-grid"
      onKeyDown={move}
      totalSize={virtualizer.getTotalSize()}
    >
      {items.map((item) => {
        const start = item.index * columns;
        const end = Math.min(total, start + columns);
        const cards = [];
        for (let index = start; index < end; index++) {
          const document = getRow(index);
          cards.push(
            <DocumentCard
              key={index}
              id={`${baseId}-card-${index}`}
              index={index}
              total={total}
              document={document}
              selected={document !== undefined && document.id === selectedId}
              active={index === activeIndex}
              onActivate={activate}
            />,
          );
        }
        return (
          <div
            key={item.key}
            className="doc-grid-row"
            style={{
              height: item.size,
              transform: `translateY(${item.start}px)`,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            }}
          >
            {cards}
          </div>
        );
      })}
    </ListboxFrame>
  );
}

interface DocumentCardProps {
  id: string;
  index: number;
  total: number;
  /** The document, or undefined while its window loads (a placeholder shows). */
  document: DocumentRow | undefined;
  selected: boolean;
  active: boolean;
  onActivate(index: number): void;
}

/** One card (an option), or its placeholder; re-renders only when its props change. */
const DocumentCard = memo(function DocumentCard({
  id,
  index,
  total,
  document,
  selected,
  active,
  onActivate,
}: DocumentCardProps) {
  if (!document) {
    return (
      <div className="doc-card doc-card-placeholder">
        <span className="doc-thumb doc-thumb-card" />
        <span className="skeleton-line" />
        <span className="skeleton-line skeleton-line-short" />
      </div>
    );
  }
  let className = 'doc-card';
  if (active) className += ' doc-card-active';
  return (
    <ListboxOption
      id={id}
      index={index}
      total={total}
      selected={selected}
      className={className}
      onActivate={onActivate}
    >
      <CardContent document={document} />
    </ListboxOption>
  );
});

/**
 * A card's content: thumbnail, title, file name, size and date, state, sync and download state, and
 * where a search found it (as the list's rows show); draggable onto a folder.
 */
function CardContent({ document }: { document: Sourced<DocumentRow> }) {
  const drag = useDocumentDrag(document);
  return (
    <div
      ref={drag.ref}
      {...drag.listeners}
      className={drag.dragging ? 'doc-card-body document-dragging' : 'doc-card-body'}
    >
      <DocumentThumbnail document={document} place="card" />
      <span className="doc-card-title">{document.title}</span>
      <span className="doc-card-line">{document.name}</span>
      <span className="doc-card-line">
        {formatBytes(document.size)} · {formatDate(document.updatedAt)}
      </span>
      <span className="doc-card-states">
        <span className={`pill pill-${document.state}`}>{documentStateLabel[document.state]}</span>
        <SyncStateBadge state={document.syncState} />
        <DownloadWord documentId={document.id} />
        <SearchSourceMark source={document.foundWhere} />
      </span>
    </div>
  );
}

/** A download's state in a word or two for a card; null for a cancelled one. */
function downloadWords(transfer: Transfer): string | null {
  switch (transfer.state) {
    case 'queued':
      return 'Download waiting';
    case 'running':
      return transfer.bytesTotal > 0
        ? `Downloading ${percentOf(transfer.bytesDone, transfer.bytesTotal)}%`
        : 'Downloading';
    case 'done':
      return 'Downloaded';
    case 'failed':
      return 'Download failed';
    case 'cancelled':
      return null;
  }
}

/** Where the document's latest download stands; nothing when it was not downloaded in this run. */
function DownloadWord({ documentId }: { documentId: string }) {
  const transfer = useLatestDownload(documentId);
  const words = transfer ? downloadWords(transfer) : null;
  if (!transfer || !words) return null;
  return <span className={`doc-card-download doc-card-download-${transfer.state}`}>{words}</span>;
}
