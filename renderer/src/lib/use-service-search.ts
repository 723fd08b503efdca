/**
 * `useServiceSearch`: the service's search beside a list's own (Contacts, Companies, Documents).
 * The list's rows come from the cache at once, as always; when online and the text has not changed
 * for `servicePauseMs`, the service is asked once for that text (`<area>.searchService`); its answer
 * is merged into the list (service-search-merge.ts: every row marked with where it was found, what
 * only the service found first) and a status line says what it found, or that the app is offline,
 * or the service's refusal in words. An answer to an older text is dropped. Rule:
 * docs/ARCHITECTURE.md, "The service's search beside the local one".
 */
import { useCallback, useEffect, useState } from 'react';
import {
  offlineSearchWords,
  type RowWindow,
  type ServiceSearchAnswer,
  serviceSearchLimit,
} from '../../../preload/contract';
import { useBridge } from '../stores/stores-context';
import { errorMessage } from './errors';
import { mergedWindow, type Sourced, serviceSearchWords } from './service-search-merge';
import { useDebouncedValue } from './use-debounced-value';
import { useOnline } from './use-online';

/** How long the text must rest before the service is asked, ms (the cache answers every keystroke). */
export const servicePauseMs = 400;

/** The lists the service can search. */
export type ServiceSearchArea = 'contacts' | 'companies' | 'documents';

/** What a list gets from `useServiceSearch`. */
export interface ServiceSearch<T> {
  /** The list's `fetchWindow` with the service's answer merged in (rows marked). */
  fetchWindow(offset: number, limit: number): Promise<RowWindow<Sourced<T>>>;
  /** Changes when an answer arrives: add it to the list's data version so its windows are read again. */
  stamp: string;
  /** The status line, or null when nothing is searched (no text, or the search is off). */
  status: { words: string; busy: boolean } | null;
}

export interface ServiceSearchOptions {
  /** Documents: the folder searched. */
  folderId?: string | null;
  /** False while filters the service's search cannot apply narrow the list (default true). */
  enabled?: boolean;
}

/**
 * Asks the service for `text` (trimmed; empty asks nothing) after a pause and merges its answer into
 * `fetchLocal`'s rows (see the file's docstring).
 */
export function useServiceSearch<T extends { id: string; syncState?: string }>(
  area: ServiceSearchArea,
  text: string,
  fetchLocal: (offset: number, limit: number) => Promise<RowWindow<T>>,
  options: ServiceSearchOptions = {},
): ServiceSearch<T> {
  const bridge = useBridge();
  const online = useOnline();
  const { folderId = null, enabled = true } = options;
  const searched = text.trim();
  const rested = useDebouncedValue(searched, servicePauseMs);
  const key = enabled && searched !== '' ? JSON.stringify([area, folderId, searched]) : null;
  const [kept, setKept] = useState<{ key: string; answer: ServiceSearchAnswer<T> } | null>(null);

  useEffect(() => {
    if (key === null || rested !== searched || !online) return;
    let current = true;
    const input = area === 'documents' && folderId ? { q: searched, folderId } : { q: searched };
    const ask = bridge.call(`${area}.searchService`, input as never) as Promise<ServiceSearchAnswer<T>>;
    ask.then(
      (answer) => current && setKept({ key, answer }),
      (err) =>
        current &&
        setKept({
          key,
          answer: { state: 'failed', message: `The service could not search now: ${errorMessage(err)}` },
        }),
    );
    return () => {
      current = false;
    };
  }, [bridge, area, folderId, key, rested, searched, online]);

  const answer = kept && kept.key === key ? kept.answer : null;
  const fetchWindow = useCallback(
    (offset: number, limit: number) => mergedWindow(fetchLocal, answer, offset, limit),
    [fetchLocal, answer],
  );

  let status: ServiceSearch<T>['status'] = null;
  if (key !== null) {
    if (answer) status = { words: serviceSearchWords(answer, serviceSearchLimit), busy: false };
    else if (!online) status = { words: offlineSearchWords, busy: false };
    else status = { words: 'Searching the service too…', busy: true };
  }
  const stamp = answer?.state === 'answered' ? answer.answeredAt : 'local';
  return { fetchWindow, stamp, status };
}
