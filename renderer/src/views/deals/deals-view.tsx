/**
 * Deals: the pipeline board of one category (a column per stage) or the recently changed deals, and
 * a deal's page when one is opened (from a card, a table, or another record's page). Deals are read
 * on demand from the service and kept for offline use with their age. Esc on a deal's page goes
 * back to where it was opened from.
 */
import { useState } from 'react';
import { dealCategories, type DealCategory } from '../../../../preload/contract';
import { SelectField } from '../../components/forms/form-field';
import { ExportButton, ExportViewButton } from '../../components/list-export';
import { type TabItem, Tabs, tabPanelProps } from '../../components/tabs';
import { pluralize } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { needsServiceMessage, useOnline } from '../../lib/use-online';
import { useReloadOnReconnect } from '../../lib/use-reload-on-reconnect';
import { useViewKeys } from '../../lib/use-view-keys';
import { useSelectedRecord } from '../../lib/use-view-state';
import { dealCategoryLabel } from '../companies/related-labels';
import { dealViewColumns } from '../exports/view-columns';
import { DealBoard } from './deal-board';
import { DealListState } from './deal-list-state';
import { DealPage } from './deal-page';
import { RecentDeals, recentDealCount } from './recent-deals';
import './deals.css';

type Tab = 'pipeline' | 'recent';
const tabs: readonly TabItem<Tab>[] = [
  { id: 'pipeline', label: 'Pipeline' },
  { id: 'recent', label: 'Recently changed' },
];

/** Renders the deals view. */
export function DealsView() {
  const [selectedId, select] = useSelectedRecord('deals');
  const [tab, setTab] = useState<Tab>('pipeline');
  const [category, setCategory] = useState<DealCategory>(dealCategories[0]);
  const online = useOnline();
  const board = useBridgeQuery('deals.byCategory', { category }, ['deals'], { showLast: true });
  const recent = useBridgeQuery('deals.recent', { limit: recentDealCount }, ['deals'], { showLast: true });
  useReloadOnReconnect(board.reload);
  useReloadOnReconnect(recent.reload);
  const shown = tab === 'pipeline' ? board : recent;

  const [returnTo, setReturnTo] = useState<string | null>(null);
  useViewKeys(selectedId ? { escape: () => select(null) } : {});
  const openDeal = (id: string) => {
    setReturnTo(id);
    select(id);
  };

  if (selectedId) {
    return (
      <div className="deals-view deals-view-page">
        <button
          type="button"
          className="button button-small button-quiet"
          onClick={() => select(null)}
          aria-keyshortcuts="Escape"
        >
          ← Back to deals
        </button>
        <DealPage id={selectedId} />
      </div>
    );
  }

  const count = board.data?.value.deals.length;
  const categoryLabel = dealCategoryLabel[category];
  return (
    <div className="deals-view">
      <header className="view-header deals-header">
        <div className="deals-title-row">
          <h1>Deals</h1>
          <Tabs<Tab> label="Deals" idPrefix="deals" tabs={tabs} current={tab} onChange={setTab} />
          <button
            type="button"
            className="button button-small button-quiet"
            disabled={!online || shown.loading}
            title={online ? undefined : needsServiceMessage}
            onClick={shown.reload}
          >
            {shown.loading && shown.data ? 'Refreshing…' : 'Refresh'}
          </button>
          <div className="button-row">
            <ExportButton small />
            {tab === 'pipeline' && board.data ? (
              <ExportViewButton
                small
                name={`${categoryLabel} deals`}
                noun={{ one: 'deal', many: 'deals' }}
                fetchWindow={async () => ({ rows: board.data?.value.deals ?? [], total: count ?? 0 })}
                columns={dealViewColumns}
              />
            ) : null}
          </div>
        </div>
        {tab === 'pipeline' ? (
          <div className="deals-chooser">
            <SelectField<DealCategory>
              label="Category"
              value={category}
              onChange={(value) => value && setCategory(value)}
              options={dealCategories.map((value) => ({ value, label: dealCategoryLabel[value] }))}
            />
            <p className="view-summary" aria-live="polite">
              {count === undefined ? '' : `${categoryLabel}: ${pluralize(count, 'deal')}`}
            </p>
          </div>
        ) : null}
      </header>
      <div className="view-body deals-body" {...tabPanelProps('deals', tab)}>
        {tab === 'pipeline' ? (
          <DealListState
            query={board}
            subject={`${categoryLabel} deals`}
            none={`No ${categoryLabel.toLowerCase()} deals on the service.`}
          >
            {(list) => (
              <DealBoard deals={list.deals} categoryLabel={categoryLabel} onOpen={openDeal} focusOnShow={returnTo} />
            )}
          </DealListState>
        ) : (
          <RecentDeals query={recent} />
        )}
      </div>
    </div>
  );
}
