/**
 * The documents related to one (`List Related Documents`): its original or clones, the zip it came
 * from or the files unpacked from it, each opening that document. Kept for offline with its age.
 */
import type { RelatedDocumentRow } from '../../../../preload/contract';
import { KeptAge } from '../../components/kept-age';
import { documentStateLabel } from '../../lib/labels';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useUi } from '../../stores/stores-context';

const kindWords: Record<RelatedDocumentRow['kind'], string> = {
  original: 'Original (this is its copy)',
  clone: 'Copy of this document',
  archive: 'Zip it was unpacked from',
  archiveEntry: 'Unpacked from this zip',
  related: 'Related',
};

/** Renders the related documents of document `id`. */
export function RelatedDocuments({ id }: { id: string }) {
  const related = useBridgeQuery('documents.related', { id }, ['document']);
  const openRecord = useUi((s) => s.openRecord);
  const rows = related.data?.value ?? [];
  return (
    <section className="document-section" aria-labelledby={`related-${id}`}>
      <h3 id={`related-${id}`}>Related documents</h3>
      {related.error && !related.data ? (
        <p className="document-note note-error">Related documents could not be read: {related.error}</p>
      ) : null}
      {related.data && rows.length === 0 ? <p className="muted">No related documents.</p> : null}
      {rows.length > 0 ? (
        <ul className="document-related">
          {rows.map((row) => (
            <li key={row.id}>
              <button type="button" className="link-button" onClick={() => openRecord('document', row.document.id)}>
                {row.document.title}
              </button>
              <span className="muted">
                {' '}
                {kindWords[row.kind]} · {row.document.name} · {documentStateLabel[row.document.state]}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <KeptAge
        subject="Related documents"
        fetchedAt={related.data?.fetchedAt}
        loading={related.loading}
        reload={related.reload}
        refreshLabel="Refresh related documents"
      />
    </section>
  );
}
