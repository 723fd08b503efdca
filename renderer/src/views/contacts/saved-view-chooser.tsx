/**
 * Saved views of the contacts list: the service's saved queries (`savedQueries.list`, run with
 * `savedQueries.results`) and the contacts of one type with the latest changes first
 * (`users.ofType`). Choosing one fills the Contacts view's list with its results, narrowed by the
 * view's search and filters; "All contacts" returns to the cached list. The results are fetched
 * from the service and kept for offline use: their age shows when the service cannot be reached
 * or when they are old. The palette's "Open a saved view" command focuses the chooser.
 */
import { useCallback, useRef, useState } from 'react';
import {
  type ContactRow,
  type ContactState,
  type ContactType,
  contactTypes,
  maxServiceContacts,
  type SavedQuery,
  type ServiceContactRow,
  type ServiceContactWindow,
} from '../../../../preload/contract';
import { formatCount, formatDateTime } from '../../lib/format';
import { contactTypeLabel } from '../../lib/labels';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useNow } from '../../lib/use-now';
import { useOnline } from '../../lib/use-online';
import { useReloadOnReconnect } from '../../lib/use-reload-on-reconnect';
import { useViewAction } from '../../lib/use-view-state';
import { useBridge } from '../../stores/stores-context';
import { renderContactRow } from './contact-row';
import { keptAnswerAge } from '../companies/related-labels';
import './saved-views.css';

/** A saved view: a saved query of the service, or the contacts of one type, latest changes first. */
export type SavedView = { kind: 'query'; id: string } | { kind: 'type'; type: ContactType };

/** The list's search and filters, applied to a saved view's results by the core. */
export interface SavedViewNarrowing {
  query: string | undefined;
  type: ContactType | undefined;
  state: ContactState | undefined;
}

/** The chosen saved view of the Contacts view, and how its list reads it. */
export interface SavedViewState {
  view: SavedView | null;
  choose(view: SavedView | null): void;
  /** Changes with the view, and when the service becomes reachable again (the list reads it afresh). */
  key: string;
  /** Reads rows `offset`..`offset+limit` of the chosen view's results. Throws when none is chosen. */
  fetchWindow(narrowing: SavedViewNarrowing, offset: number, limit: number): Promise<ServiceContactWindow>;
  /** The age and completeness of the last window read, for the list in view. */
  answer: { key: string; fetchedAt: string | null; complete: boolean } | null;
}

/** Holds the chosen saved view of the Contacts view (none at first). */
export function useSavedView(): SavedViewState {
  const bridge = useBridge();
  const [view, choose] = useState<SavedView | null>(null);
  const [answer, setAnswer] = useState<SavedViewState['answer']>(null);
  const [reconnects, setReconnects] = useState(0);
  useReloadOnReconnect(useCallback(() => setReconnects((n) => n + 1), []));
  const key = view ? `${viewValue(view)}:${reconnects}` : '';
  const fetchWindow = useCallback(
    async (narrowing: SavedViewNarrowing, offset: number, limit: number) => {
      if (!view) throw new Error('Choose a saved view first.');
      const result =
        view.kind === 'query'
          ? await bridge.call('savedQueries.results', { queryId: view.id, ...narrowing, offset, limit })
          : await bridge.call('users.ofType', { ofType: view.type, ...narrowing, offset, limit });
      setAnswer({ key, fetchedAt: result.fetchedAt, complete: result.complete });
      return result;
    },
    [bridge, view, key],
  );
  return { view, choose, key, fetchWindow, answer: answer?.key === key ? answer : null };
}

/**
 * A row of a saved view (a module-level function: the list keeps rows memoized by it): the contact's
 * row, marked when this computer does not have the contact yet (its page opens after the next sync).
 */
export function renderSavedViewRow(row: ContactRow) {
  if ((row as Partial<ServiceContactRow>).cached !== false) return renderContactRow(row);
  return (
    <div className="saved-view-row">
      {renderContactRow(row)}
      <span className="pill" title="This contact reaches this computer with the next sync; its page opens then.">
        Not synced yet
      </span>
    </div>
  );
}

/** The chooser's value of `view` ('' for all contacts). */
function viewValue(view: SavedView | null): string {
  if (!view) return '';
  return view.kind === 'query' ? `query:${view.id}` : `type:${view.type}`;
}

/** The saved view a chooser value names. */
function parseValue(value: string): SavedView | null {
  const [kind, rest] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
  if (kind === 'query') return { kind: 'query', id: rest };
  if (kind === 'type' && (contactTypes as readonly string[]).includes(rest))
    return { kind: 'type', type: rest as ContactType };
  return null;
}

/** "Customers, latest changes first". */
function typeViewName(type: ContactType): string {
  return `${contactTypeLabel[type]}s, latest changes first`;
}

/** Renders the chooser and, while a saved view shows, what it is, its age and the way back. */
export function SavedViewChooser({ saved }: { saved: SavedViewState }) {
  const queries = useBridgeQuery('savedQueries.list', {});
  const online = useOnline();
  useReloadOnReconnect(queries.reload);
  const now = useNow();
  const select = useRef<HTMLSelectElement>(null);
  useViewAction('contacts', 'saved-view', () => select.current?.focus());

  const list = queries.data?.value ?? [];
  const chosenId = saved.view?.kind === 'query' ? saved.view.id : null;
  const chosenQuery = list.find((query) => query.id === chosenId);
  const age = saved.answer ? keptAnswerAge(saved.answer.fetchedAt, online, now) : null;

  return (
    <div className="saved-views">
      <label className="contact-filter">
        <span>Saved view</span>
        <select
          ref={select}
          value={viewValue(saved.view)}
          onChange={(event) => saved.choose(parseValue(event.target.value))}
        >
          <option value="">All contacts</option>
          <optgroup label="Saved queries">
            <QueryOptions
              list={list}
              fetched={queries.data ? queries.data.fetchedAt !== null : null}
              error={queries.error}
            />
          </optgroup>
          <optgroup label="Latest changes on the service">
            {contactTypes.map((type) => (
              <option key={type} value={`type:${type}`}>
                {typeViewName(type)}
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      {saved.view ? (
        <div className="saved-view-status" role="status" aria-label="Chosen saved view">
          <span>
            <strong>
              {saved.view.kind === 'query' ? (chosenQuery?.name ?? 'Saved query') : typeViewName(saved.view.type)}
            </strong>
            {chosenQuery?.description ? ` — ${chosenQuery.description}` : ''}
            {' · '}
            {saved.answer?.fetchedAt === null
              ? 'Not fetched yet: the results show once the service can be reached.'
              : `Results from the service${age ? `, ${age}` : ''}.`}
            {saved.answer && !saved.answer.complete ? ` Showing the first ${formatCount(maxServiceContacts)}.` : ''}
          </span>
          {saved.answer?.fetchedAt ? (
            <span className="visually-hidden">Fetched {formatDateTime(saved.answer.fetchedAt)}.</span>
          ) : null}
          <button type="button" className="button button-small" onClick={() => saved.choose(null)}>
            All contacts
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The saved queries as options, or one disabled option saying why there are none. */
function QueryOptions({ list, fetched, error }: { list: SavedQuery[]; fetched: boolean | null; error: string | null }) {
  if (list.length > 0) {
    return list.map((query) => (
      <option key={query.id} value={`query:${query.id}`} title={query.description ?? undefined}>
        {query.name}
        {query.shared ? ' (shared)' : ''}
      </option>
    ));
  }
  const reason = error
    ? 'Saved queries could not be loaded'
    : fetched === null
      ? 'Loading saved queries…'
      : fetched
        ? 'No saved queries on the service'
        : 'Saved queries show once the service can be reached';
  return <option disabled>{reason}</option>;
}
