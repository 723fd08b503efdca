/**
 * `DocumentThumbnail`: the picture of an image or PDF document (`documents.thumbnail`, kept by the
 * core for offline use), or its file-type icon for other types, before the picture arrives and when
 * there is none. Decorative: the document's title is always shown beside it.
 *
 * Only documents on screen ask: lists and grids are virtual, so a thumbnail exists only while its
 * row does, and it asks once it has stayed there `settleMs` (rows a fast scroll passes never ask).
 * It asks after the first paint (an effect), so the list never waits for pictures.
 */
import { useEffect, useState } from 'react';
import { type DocumentRow, hasThumbnail, thumbnailSizes } from '../../../../preload/contract';
import { Icon } from '../../components/icon';
import { useOnline } from '../../lib/use-online';
import { useBridge } from '../../stores/stores-context';

/** How long a row must stay on screen before its thumbnail is asked for, ms. */
const settleMs = 120;

/** Where the thumbnail shows: a list row (40 px) or a grid card (144 px). */
export type ThumbnailPlace = keyof typeof thumbnailSizes;

/**
 * The thumbnail of `document` for `place` as a `data:` URL, or null (none yet, none at all, or
 * offline before it was ever fetched). Asks again when the document changes (its `updatedAt`) and
 * when the service can be reached again.
 */
export function useDocumentThumbnail(
  document: Pick<DocumentRow, 'id' | 'contentType' | 'updatedAt'>,
  place: ThumbnailPlace,
): string | null {
  const bridge = useBridge();
  const online = useOnline();
  const wanted = hasThumbnail(document.contentType);
  const [picture, setPicture] = useState<{ id: string; dataUrl: string | null } | null>(null);
  const { id, updatedAt } = document;
  const size = thumbnailSizes[place];

  // biome-ignore lint/correctness/useExhaustiveDependencies: `updatedAt` and `online` are re-ask triggers by design.
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    const timer = setTimeout(() => {
      bridge.call('documents.thumbnail', { id, size }).then(
        (answer) => {
          if (current) setPicture({ id, dataUrl: answer.dataUrl });
        },
        // No picture could be read: the type icon stays, as for a document without one.
        () => undefined,
      );
    }, settleMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [bridge, id, size, wanted, updatedAt, online]);

  // The previous picture of the same document stays while a changed one is asked for (no flicker).
  return wanted && picture?.id === id ? picture.dataUrl : null;
}

/** The file type in a word from the name's extension or the content type ("PDF", "CSV"), for the icon. */
export function fileTypeWord(document: Pick<DocumentRow, 'name' | 'contentType'>): string {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(document.name)?.[1];
  if (extension) return extension.toUpperCase();
  const subtype = document.contentType.split(';')[0].split('/')[1] ?? '';
  return subtype.length > 0 && subtype.length <= 5 ? subtype.toUpperCase() : 'File';
}

/** Renders the picture, or the type icon (with the type in a word on a card). */
export function DocumentThumbnail({
  document,
  place,
}: {
  document: Pick<DocumentRow, 'id' | 'name' | 'contentType' | 'updatedAt'>;
  place: ThumbnailPlace;
}) {
  const dataUrl = useDocumentThumbnail(document, place);
  const [failed, setFailed] = useState<string | null>(null);
  const className = `doc-thumb doc-thumb-${place}`;
  if (dataUrl && dataUrl !== failed) {
    return (
      <span className={`${className} doc-thumb-picture`} aria-hidden="true">
        <img src={dataUrl} alt="" draggable={false} onError={() => setFailed(dataUrl)} />
      </span>
    );
  }
  return (
    <span className={`${className} doc-thumb-icon`} aria-hidden="true">
      <Icon name="file" size={place === 'card' ? 40 : 18} />
      {place === 'card' ? <span className="doc-thumb-type">{fileTypeWord(document)}</span> : null}
    </span>
  );
}
