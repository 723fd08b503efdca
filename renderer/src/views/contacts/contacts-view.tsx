/**
 * Contacts: search as you type (names, company, e-mail, or a phone number in any form) and filter
 * by type and status over a virtualized list that fetches windows of 100 rows as it scrolls; the
 * selected contact's page beside it; and every edit (new, edit, archive or restore, delete), queued
 * offline like any edit. Every keystroke queries the core at once; answers to queries typed over
 * are dropped (`useRowWindows`), so the rows painted always match the search field. The selection
 * lives in the UI store, so a contact opened from elsewhere (palette, notification, a link) shows.
 * A saved view (saved-view-chooser.tsx) fills the same list with a saved query's results, or the
 * contacts of a type latest changes first, as the service answered them (kept for offline with their age).
 * Keys (listed in the view registry): N new, E edit, A archive or restore, Delete/Backspace delete.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ContactDetail, type ContactRow, maxSearchLength } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { DetailPane } from '../../components/detail-pane';
import { EmptyState } from '../../components/empty-state';
import { useRecordListSelection } from '../../components/use-record-list-selection';
import { ExportButton, ExportViewButton } from '../../components/list-export';
import { SearchField } from '../../components/search-field';
import { ServiceSearchStatus, withSourceMark } from '../../components/search-sources';
import { useRowWindows } from '../../components/use-row-windows';
import type { VirtualListHandle } from '../../components/virtual-list';
import { listSummary, type RowNoun, WindowedList } from '../../components/windowed-list';
import { formatCount } from '../../lib/format';
import { useAccess } from '../../lib/use-access';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { useRefusalGuard } from '../../lib/use-refusal-guard';
import { useServiceSearch } from '../../lib/use-service-search';
import { useSelectedRecord, useViewAction } from '../../lib/use-view-state';
import { contactViewColumns } from '../exports/view-columns';
import { useViewKeys } from '../../lib/use-view-keys';
import { useBridge, useDataVersion, useSync, useUi } from '../../stores/stores-context';
import { ContactDetail as ContactPage } from './contact-detail';
import { type ContactFilterValues, ContactFilters } from './contact-filters';
import { ContactFormDialog, type ContactFormTarget } from './contact-form-dialog';
import { renderContactRow } from './contact-row';
import { renderSavedViewRow, SavedViewChooser, useSavedView } from './saved-view-chooser';
import { useContactActions } from './use-contact-actions';
import './contacts.css';

const rowHeight = 56;
const contactNoun: RowNoun = { one: 'contact', many: 'contacts' };
const noFilters: ContactFilterValues = { type: undefined, state: undefined };
const renderMarkedContactRow = withSourceMark(renderContactRow);

/** Renders the contacts view. */
export function ContactsView() {
  const bridge = useBridge();
  const online = useOnline();
  const pushToast = useUi((state) => state.pushToast);
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<ContactFilterValues>(noFilters);
  const settled = query.trim().slice(0, maxSearchLength);
  const saved = useSavedView();
  const filtered = filters.type !== undefined || filters.state !== undefined || saved.view !== null;
  const listKey = JSON.stringify([settled, filters.type ?? null, filters.state ?? null, saved.key]);
  const version = useDataVersion(['contact', 'company']);
  const syncing = useSync((state) => state.status?.state === 'syncing');
  const [selectedId, select] = useSelectedRecord('contacts');
  const [formTarget, setFormTarget] = useState<ContactFormTarget | null>(null);

  const fetchWindow = useCallback(
    (offset: number, limit: number) => {
      const narrowing = { query: settled === '' ? undefined : settled, type: filters.type, state: filters.state };
      if (saved.view) return saved.fetchWindow(narrowing, offset, limit);
      return bridge.call('contacts.list', { ...narrowing, offset, limit });
    },
    [bridge, settled, filters.type, filters.state, saved.view, saved.fetchWindow],
  );
  const search = useServiceSearch('contacts', settled, fetchWindow, { enabled: !filtered });
  const windows = useRowWindows(search.fetchWindow, listKey, `${version}:${search.stamp}`);
  const list = useRef<VirtualListHandle>(null);
  const selection = useRecordListSelection('contacts', windows.getRow);
  const { resetIndex } = selection;
  // A new query or filter forgets the keyboard's position in the list (the selection stays).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list is the trigger by design.
  useEffect(() => resetIndex(), [listKey]);

  const detail = useBridgeQuery('contacts.get', selectedId ? { id: selectedId } : null, ['contact', 'company']);
  const contact = detail.data ?? null;
  // A contact created here gets the service's id once it is sent: follow it.
  useEffect(() => {
    if (contact && selectedId && contact.id !== selectedId) select(contact.id);
  }, [contact, selectedId, select]);

  const actions = useContactActions(contact, () => select(null));
  const guard = useRefusalGuard();
  const create = useAccess('saveUser');
  const startNew = () => guard(create, () => setFormTarget({ mode: 'new' }));
  // The form reads the contact itself, so E works even before the page beside the list has loaded it.
  const edit = () => selectedId && guard(actions.access.edit, () => setFormTarget({ mode: 'edit', id: selectedId }));
  useViewAction('contacts', 'new', startNew);
  useViewKeys({
    e: edit,
    a: actions.toggleArchive,
    delete: actions.askDelete,
    backspace: actions.askDelete,
  });

  function onSaved(saved: ContactDetail, created: boolean) {
    setFormTarget(null);
    // The row shows the edit at once; the re-read that data.changed brings follows.
    windows.patch(saved);
    select(saved.id);
    pushToast({
      title: created ? 'Contact created' : 'Contact saved',
      body: online
        ? `${saved.firstName} ${saved.lastName} is saved and on its way to the service.`
        : `${saved.firstName} ${saved.lastName} is saved on this machine and sent when the service can be reached.`,
    });
  }

  function focusResults() {
    if (!windows.total) return;
    selection.activate(0);
    list.current?.focus();
  }

  const summary = listSummary(windows, contactNoun, settled);
  const body = (
    <WindowedList<ContactRow>
      windows={windows}
      noun={contactNoun}
      label="Contacts"
      rowHeight={rowHeight}
      renderRow={saved.view ? renderSavedViewRow : renderMarkedContactRow}
      selection={selection}
      resetKey={listKey}
      listRef={list}
      empty={
        <NoContacts
          query={settled}
          filtered={filtered}
          syncing={syncing}
          onClearSearch={() => setQuery('')}
          onClearFilters={() => {
            setFilters(noFilters);
            saved.choose(null);
          }}
          onNew={startNew}
          newRefusal={create.reason}
        />
      }
    />
  );

  return (
    <DetailPane
      detailLabel="Contact details"
      detail={<ContactPage id={selectedId} query={detail} onEdit={edit} actions={actions} />}
    >
      <header className="view-header">
        <div className="contacts-title-row">
          <h1>Contacts</h1>
          <div className="button-row">
            <ExportButton />
            <ExportViewButton
              name="Contacts"
              noun={contactNoun}
              fetchWindow={fetchWindow}
              columns={contactViewColumns}
            />
            <ActionButton
              className="button button-primary"
              aria-keyshortcuts="N"
              onClick={startNew}
              refusal={create.reason}
            >
              New contact
            </ActionButton>
          </div>
        </div>
        <SearchField
          label="Search contacts"
          placeholder="Name, company, e-mail, phone"
          value={query}
          onChange={setQuery}
          onArrowDown={focusResults}
        />
        <ContactFilters value={filters} onChange={setFilters} />
        <SavedViewChooser saved={saved} />
        <p className="view-summary" aria-live="polite">
          {summary}
        </p>
        <ServiceSearchStatus search={search} />
        {query.length >= maxSearchLength ? (
          <p className="contacts-search-note" role="status">
            A search uses at most {formatCount(maxSearchLength)} characters; the rest was left out.
          </p>
        ) : null}
      </header>
      <div className="view-body">{body}</div>
      <ContactFormDialog target={formTarget} onClose={() => setFormTarget(null)} onSaved={onSaved} />
      {actions.dialog}
    </DetailPane>
  );
}

function NoContacts({
  query,
  filtered,
  syncing,
  onClearSearch,
  onClearFilters,
  onNew,
  newRefusal,
}: {
  query: string;
  filtered: boolean;
  syncing: boolean;
  onClearSearch(): void;
  onClearFilters(): void;
  onNew(): void;
  /** Why the user may not create a contact (null: they may). */
  newRefusal: string | null;
}) {
  if (query || filtered) {
    return (
      <EmptyState
        title={query ? `No contacts match "${query}"` : 'No contacts match these filters'}
        action={
          <div className="button-row">
            {query ? (
              <button type="button" className="button" onClick={onClearSearch}>
                Clear search
              </button>
            ) : null}
            {filtered ? (
              <button type="button" className="button" onClick={onClearFilters}>
                Show all types and statuses
              </button>
            ) : null}
          </div>
        }
      >
        {query
          ? 'Check the spelling, or search by company, e-mail or phone number instead. Esc clears the search.'
          : 'Choose other filters to see more contacts.'}
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title={syncing ? 'Your contacts are on their way' : 'No contacts yet'}
      action={
        syncing ? null : (
          <ActionButton className="button button-primary" onClick={onNew} refusal={newRefusal}>
            New contact
          </ActionButton>
        )
      }
    >
      {syncing
        ? 'They appear here as soon as the first sync has saved them.'
        : 'Create one here, or they appear once they exist on the service and have been synced.'}
    </EmptyState>
  );
}
