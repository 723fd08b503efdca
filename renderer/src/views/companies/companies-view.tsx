/**
 * Companies: search as you type over a virtualized list of the cached companies (windows of 100
 * rows from `companies.list`, fetched as it scrolls), and the selected company's page on the wide
 * side. The selection is the view's selected record in the UI store, so a company opened from
 * elsewhere (a contact's company card, the command palette) shows here. "New company" (or N, or
 * the palette's command) opens the form.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CompanyRow } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { DetailPane } from '../../components/detail-pane';
import { EmptyState } from '../../components/empty-state';
import { ExportButton, ExportViewButton } from '../../components/list-export';
import { SearchField } from '../../components/search-field';
import { ServiceSearchStatus, withSourceMark } from '../../components/search-sources';
import { useRecordListSelection } from '../../components/use-record-list-selection';
import { useRowWindows } from '../../components/use-row-windows';
import type { VirtualListHandle } from '../../components/virtual-list';
import { listSummary, type RowNoun, WindowedList } from '../../components/windowed-list';
import { useAccess } from '../../lib/use-access';
import { useRefusalGuard } from '../../lib/use-refusal-guard';
import { useServiceSearch } from '../../lib/use-service-search';
import { useSelectedRecord, useViewAction } from '../../lib/use-view-state';
import { companyViewColumns } from '../exports/view-columns';
import { useBridge, useDataVersion, useSync } from '../../stores/stores-context';
import { CompanyForm } from './company-form';
import { CompanyPage } from './company-page';
import { renderCompanyRow } from './company-row';
import './companies.css';

const rowHeight = 60;
const companyNoun: RowNoun = { one: 'company', many: 'companies' };
const renderMarkedCompanyRow = withSourceMark(renderCompanyRow);

/** Renders the companies view. */
export function CompaniesView() {
  const bridge = useBridge();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const settled = query.trim();
  const version = useDataVersion(['company', 'contact']);
  const syncing = useSync((state) => state.status?.state === 'syncing');
  const [, select] = useSelectedRecord('companies');

  const fetchWindow = useCallback(
    (offset: number, limit: number) =>
      bridge.call('companies.list', { query: settled === '' ? undefined : settled, offset, limit }),
    [bridge, settled],
  );
  const search = useServiceSearch('companies', settled, fetchWindow);
  const windows = useRowWindows(search.fetchWindow, settled, `${version}:${search.stamp}`);
  const selection = useRecordListSelection('companies', windows.getRow);
  const list = useRef<VirtualListHandle>(null);
  const { resetIndex, activate } = selection;

  const guard = useRefusalGuard();
  const create = useAccess('saveCompany');
  const startNew = () => guard(create, () => setCreating(true));
  useViewAction('companies', 'new', startNew);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query is the trigger by design.
  useEffect(() => resetIndex(), [settled]);

  function focusResults() {
    if (!windows.total) return;
    activate(0);
    list.current?.focus();
  }

  const summary = listSummary(windows, companyNoun, settled);
  const body = (
    <WindowedList<CompanyRow>
      windows={windows}
      noun={companyNoun}
      label="Companies"
      rowHeight={rowHeight}
      renderRow={renderMarkedCompanyRow}
      selection={selection}
      resetKey={settled}
      listRef={list}
      empty={
        settled ? (
          <EmptyState
            title={`No companies match "${settled}"`}
            action={
              <button type="button" className="button" onClick={() => setQuery('')}>
                Clear search
              </button>
            }
          >
            Check the spelling, or search by industry or city instead. Esc clears the search.
          </EmptyState>
        ) : (
          <EmptyState title={syncing ? 'Your companies are on their way' : 'No companies yet'}>
            {syncing
              ? 'They appear here as soon as the first sync has saved them.'
              : 'Create one with "New company", or wait for the next sync to bring those on the server.'}
          </EmptyState>
        )
      }
    />
  );

  return (
    <div className="companies-view">
      <DetailPane detailLabel="Company page" detail={<CompanyPage id={selection.selectedId} />}>
        <header className="view-header">
          <div className="companies-title-row">
            <h1>Companies</h1>
            <div className="button-row">
              <ExportButton small />
              <ExportViewButton
                small
                name="Companies"
                noun={companyNoun}
                fetchWindow={fetchWindow}
                columns={companyViewColumns}
              />
              <ActionButton
                className="button button-primary button-small"
                aria-keyshortcuts="N"
                onClick={startNew}
                refusal={create.reason}
              >
                New company
              </ActionButton>
            </div>
          </div>
          <SearchField
            label="Search companies"
            placeholder="Search by name, industry or city"
            value={query}
            onChange={setQuery}
            onArrowDown={focusResults}
          />
          <p className="view-summary" aria-live="polite">
            {summary}
          </p>
          <ServiceSearchStatus search={search} />
        </header>
        <div className="view-body">{body}</div>
      </DetailPane>
      {creating ? (
        <CompanyForm
          company={null}
          onSaved={(saved) => {
            setCreating(false);
            select(saved.id);
          }}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </div>
  );
}
