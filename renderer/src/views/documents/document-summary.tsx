/**
 * The document's summary (`Document Summary`: its most central sentences, computed by the service),
 * kept for offline with its age; Refresh asks the service again. "Copy summary" copies the plain
 * text (`Summary Text`). A document the service cannot summarize says why.
 */
import { useState } from 'react';
import { KeptAgeNote, RefreshButton } from '../../components/kept-age';
import { errorMessage } from '../../lib/errors';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useBridge } from '../../stores/stores-context';

/** Renders the summary of document `id`. */
export function DocumentSummary({ id }: { id: string }) {
  const bridge = useBridge();
  const [refresh, setRefresh] = useState(0);
  const summary = useBridgeQuery('documents.summary', { id, refresh: refresh > 0 });
  const [copied, setCopied] = useState<string | null>(null);
  const value = summary.data?.value;

  async function copy() {
    setCopied(null);
    try {
      const text = await bridge.call('documents.summaryText', { id });
      if (!text.value) throw new Error('The summary text is not available yet; try again when you are online.');
      await navigator.clipboard.writeText(text.value);
      setCopied('Summary copied.');
    } catch (reason) {
      setCopied(`The summary could not be copied: ${errorMessage(reason)}`);
    }
  }

  return (
    <section className="document-section" aria-labelledby={`summary-${id}`}>
      <h3 id={`summary-${id}`}>Summary</h3>
      {summary.error && !summary.data ? (
        <p className="document-note note-error">The summary could not be read: {summary.error}</p>
      ) : null}
      {value?.summary ? (
        <p className="document-summary-text">{value.summary.summary}</p>
      ) : value?.unavailable ? (
        <p className="muted">{value.unavailable}</p>
      ) : summary.data ? (
        <p className="muted">No summary yet: it is made by the service once you are online.</p>
      ) : null}
      <div className="kept-age">
        <KeptAgeNote subject="Summary" fetchedAt={summary.data?.fetchedAt} />
        <RefreshButton
          label="Refresh summary"
          loading={summary.loading}
          hasAnswer={Boolean(summary.data)}
          reload={() => (refresh ? summary.reload() : setRefresh(1))}
        />
        {value?.summary ? (
          <button type="button" className="button button-small button-quiet" onClick={() => void copy()}>
            Copy summary
          </button>
        ) : null}
      </div>
      {copied ? (
        <p className="document-note" role="status">
          {copied}
        </p>
      ) : null}
    </section>
  );
}
