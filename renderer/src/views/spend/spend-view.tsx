/**
 * Spend: the money spent between us and companies per month, sales and purchases apart, of every
 * company or of one (chosen here, or opened from a company's page), in the period and category
 * chosen. Amounts in different currencies are never added together: one chart per currency.
 */
import { useState } from 'react';
import type { SpendFilter } from '../../../../preload/contract';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useSelectedRecord } from '../../lib/use-view-state';
import { useUi } from '../../stores/stores-context';
import { SpendDashboard } from './spend-dashboard';
import { SpendFilters, type SpendFilterState } from './spend-filters';
import { type PeriodChoice, periodMonths } from './spend-words';
import './spend.css';

/** Renders the Spend view. */
export function SpendView() {
  const [companyId, selectCompany] = useSelectedRecord('spend');
  const openRecord = useUi((s) => s.openRecord);
  const [period, setPeriod] = useState<PeriodChoice>('12');
  const [category, setCategory] = useState<SpendFilterState['category']>('');
  const company = useBridgeQuery('companies.get', companyId ? { id: companyId } : null, ['company']);
  const companyName = company.data?.name ?? (companyId ? 'this company' : '');

  const state: SpendFilterState = {
    company: companyId ? { id: companyId, name: companyName } : null,
    period,
    category,
  };
  const filter: SpendFilter = {
    ...(companyId ? { companyId } : {}),
    ...periodMonths(period, Date.now()),
    ...(category ? { category } : {}),
  };

  function change(next: SpendFilterState) {
    selectCompany(next.company?.id ?? null);
    setPeriod(next.period);
    setCategory(next.category);
  }

  return (
    <div className="single-pane">
      <header className="view-header spend-header">
        <div className="view-title-row">
          <h1>Spend</h1>
          <p className="view-summary" aria-live="polite">
            {companyId ? `Spend with ${companyName}` : 'Spend with every company'}
          </p>
          {companyId && company.data ? (
            <button
              type="button"
              className="button button-small button-quiet"
              onClick={() => openRecord('company', companyId)}
            >
              Open {company.data.name}'s page
            </button>
          ) : null}
        </div>
        <SpendFilters value={state} onChange={change} />
      </header>
      {/* The dashboard scrolls on its own, so keyboard users need a tab stop to scroll it (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard. */}
      <section className="view-body spend-body" aria-label="Spend dashboard" tabIndex={0}>
        <SpendDashboard filter={filter} scope={companyId ? companyName : 'all companies'} />
      </section>
    </div>
  );
}
