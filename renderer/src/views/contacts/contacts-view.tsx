/**
 * Contacts: search as you type over a virtualized list that fetches windows of 200 rows as it
 * scrolls, and the selected contact's details with its company. Every keystroke queries the core at
 * once (a search there takes a few ms: docs/PERFORMANCE.md row 3); answers to queries typed over are dropped
 * (`useRowWindows`), so the rows painted always match the search field.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContactRow } from '../../../../preload/contract';
import { Avatar } from '../../components/avatar';
import { DetailPane } from '../../components/detail-pane';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { SearchField } from '../../components/search-field';
import { useListSelection } from '../../components/use-list-selection';
import { useRowWindows } from '../../components/use-row-windows';
import { VirtualList, type VirtualListHandle } from '../../components/virtual-list';
import { fullName, matchSummary, pluralize } from '../../lib/format';
import { useBridge, useDataVersion, useSync } from '../../stores/stores-context';
import { ContactDetail } from './contact-detail';

const rowHeight = 56;

/** Renders the contacts view. */
export function ContactsView() {
  const bridge = useBridge();
  const [query, setQuery] = useState('');
  const settled = query.trim();
  const version = useDataVersion(['contact', 'company']);
  const syncing = useSync((state) => state.status?.state === 'syncing');

  const fetchWindow = useCallback(
    (offset: number, limit: number) =>
      bridge.call('contacts.list', { query: settled === '' ? undefined : settled, offset, limit }),
    [bridge, settled],
  );
  const windows = useRowWindows(fetchWindow, settled, version);
  const selection = useListSelection(windows.getRow);
  const list = useRef<VirtualListHandle>(null);
  const { resetIndex, activate } = selection;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query is the trigger by design.
  useEffect(() => resetIndex(), [settled]);

  function focusResults() {
    if (!windows.total) return;
    activate(0);
    list.current?.focus();
  }

  const total = windows.total;
  let summary = 'Loading…';
  if (total !== null && windows.pending) summary = 'Searching…';
  else if (total !== null) summary = settled ? matchSummary(total, 'contact', settled) : pluralize(total, 'contact');

  let body: React.ReactNode;
  if (total === null && windows.error) {
    body = <ErrorBanner message={`Contacts could not be loaded: ${windows.error}`} onRetry={windows.retry} />;
  } else if (total === null || (total === 0 && windows.pending)) {
    body = <LoadingState label="Loading contacts…" />;
  } else if (total === 0) {
    body = settled ? (
      <EmptyState
        title={`No contacts match "${settled}"`}
        action={
          <button type="button" className="button" onClick={() => setQuery('')}>
            Clear search
          </button>
        }
      >
        Check the spelling, or search by company or e-mail instead. Esc clears the search.
      </EmptyState>
    ) : (
      <EmptyState title={syncing ? 'Your contacts are on their way' : 'No contacts yet'}>
        {syncing
          ? 'They appear here as soon as the first sync has saved them.'
          : 'Contacts appear here once they exist on the server and have been synced.'}
      </EmptyState>
    );
  } else {
    body = (
      <>
        {windows.error ? <ErrorBanner message={windows.error} onRetry={windows.retry} /> : null}
        <VirtualList<ContactRow>
          ref={list}
          label="Contacts"
          total={total}
          getRow={windows.getRow}
          onRangeChange={windows.requestRange}
          rowHeight={rowHeight}
          renderRow={renderContactRow}
          selectedId={selection.selectedId}
          activeIndex={selection.activeIndex}
          onActivate={selection.activate}
          resetKey={settled}
        />
      </>
    );
  }

  return (
    <DetailPane detailLabel="Contact details" detail={<ContactDetail id={selection.selectedId} />}>
      <header className="view-header">
        <h1>Contacts</h1>
        <SearchField
          label="Search contacts"
          placeholder="Search by name, company or e-mail"
          value={query}
          onChange={setQuery}
          onArrowDown={focusResults}
        />
        <p className="view-summary" aria-live="polite">
          {summary}
        </p>
      </header>
      <div className="view-body">{body}</div>
    </DetailPane>
  );
}

/** A contact's row: initials, full name, and job title and company. */
function renderContactRow(contact: ContactRow) {
  return (
    <div className="list-row">
      <Avatar firstName={contact.firstName} lastName={contact.lastName} size="small" />
      <div className="list-row-text">
        <span className="list-row-primary">{fullName(contact)}</span>
        <span className="list-row-secondary">
          {[contact.jobTitle, contact.companyName].filter(Boolean).join(' · ') || 'No job title or company'}
        </span>
      </div>
    </div>
  );
}
