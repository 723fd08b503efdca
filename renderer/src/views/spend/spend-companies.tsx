/**
 * The largest companies of every company's spend: one chart per currency (amounts in different
 * currencies are never added together) of the companies with the largest sales or purchases, sales
 * and purchases side by side; a company's name in the table opens its spend. Read on demand
 * (`spend.companies`) and kept for offline use.
 */
import type { SpendFilter } from '../../../../preload/contract';
import { Chart } from '../../components/chart';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useSelectedRecord } from '../../lib/use-view-state';
import { formatAmount } from '../companies/related-labels';
import { companyChart, companyCurrencies, formatShortAmount, topCompanies } from './spend-words';

/** Renders the charts of the largest companies for the months and category of `filter`. */
export function SpendCompanies({ filter }: { filter: Omit<SpendFilter, 'companyId'> }) {
  const [, selectCompany] = useSelectedRecord('spend');
  const { data, error, reload } = useBridgeQuery('spend.companies', filter, ['spend']);
  if (error && !data)
    return <ErrorBanner message={`The largest companies could not be loaded: ${error}`} onRetry={reload} />;
  if (!data) return <LoadingState label="Loading the largest companies…" />;
  if (data.fetchedAt === null) return null;
  return (
    <section className="spend-companies" aria-labelledby="spend-companies-title">
      <h2 id="spend-companies-title" className="spend-section-title">
        Largest companies
      </h2>
      <div className="spend-charts">
        {companyCurrencies(data.value).map((currency) => {
          const { categories, series } = companyChart(data.value, currency);
          const first = categories[0];
          const firstAmount = Math.max(...series.map((s) => s.values[0] ?? 0));
          return (
            <Chart
              key={currency}
              idPrefix={`spend-companies-${currency}`}
              title={`Largest companies in ${currency}`}
              summary={`The ${categories.length === topCompanies ? `${topCompanies} companies` : 'companies'} with the largest sales or purchases in ${currency}; the largest is ${first.label} with ${formatAmount(firstAmount, currency)}. Choose a name in the table to see its spend by month.`}
              categoryHeading="Company"
              categories={categories}
              series={series}
              layout="bars"
              formatValue={(value) => formatAmount(value, currency)}
              formatTick={(value) => formatShortAmount(value, currency)}
              onOpenCategory={selectCompany}
            />
          );
        })}
      </div>
      {data.value.complete ? null : (
        <p className="muted">Only the largest companies were read: choose a shorter period for all of them.</p>
      )}
    </section>
  );
}
