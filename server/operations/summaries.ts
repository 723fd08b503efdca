/** Operations of the "Open ai" group: `documentSummary` and `summaryText` (local extractive summaries). */
import type { DocumentSummary } from '../db/document-summaries';
import type { OperationHandlers } from '../http/bind';
import { ProblemError } from '../http/problem';
import { documentText } from '../summary/document-text';
import { summarize } from '../summary/extractive';
import type { OperationDeps } from './deps';
import { requireDocument } from './document-access';

/** Handlers of the "Open ai" group. */
export function summaryHandlers(deps: OperationDeps): Pick<OperationHandlers, 'documentSummary' | 'summaryText'> {
  const { documents, files } = deps.store;
  const cache = deps.repos.documentSummaries;

  /** The summary of the document's current version (cached); 404 for an unknown document, 422 when unsummarizable. */
  async function summaryOf(id: string, count: number): Promise<DocumentSummary> {
    const document = requireDocument(deps.store, id);
    const cached = cache.get(id, document.version, count);
    if (cached) return cached;
    const { text, truncated } = await documentText(files.path(id), document.contentType, document.name);
    const result = summarize(text, count);
    if (result.sentences.length === 0) {
      throw new ProblemError(
        422,
        '/problems/unprocessable',
        `${document.name} has no sentence of three words or more to summarize.`,
      );
    }
    const summary: DocumentSummary = {
      documentId: id,
      documentVersion: document.version,
      method: 'extractive',
      sentences: result.sentences,
      summary: result.summary,
      wordCount: result.wordCount,
      language: result.language,
      truncated,
      generatedAt: new Date().toISOString(),
    };
    // The document may have changed while its text was read; cache only a summary of the current version.
    if (documents.get(id)?.version === document.version) cache.put(summary, count);
    return summary;
  }

  return {
    documentSummary: ({ query }) => summaryOf(query.id, query.sentences ?? 5),
    summaryText: async ({ query, reply }) => {
      const summary = await summaryOf(query.id, query.sentences ?? 5);
      return reply.type('text/plain; charset=utf-8').send(summary.summary);
    },
  };
}
