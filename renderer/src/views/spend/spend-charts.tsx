/**
 * Spend per month as charts: one chart per currency (amounts in different currencies are never
 * added together), sales and purchases side by side, each with its table of the same numbers.
 */
import type { SpendSummary } from '../../../../preload/contract';
import { Chart } from '../../components/chart';
import { formatAmount } from '../companies/related-labels';
import { currenciesOf, formatShortAmount, monthlyChart } from './spend-words';

/** Renders the charts of `summary`; `scope` names whose spend it is ("all companies", a company's name). */
export function SpendCharts({ summary, scope, idPrefix }: { summary: SpendSummary; scope: string; idPrefix: string }) {
  return (
    <div className="spend-charts">
      {currenciesOf(summary).map((currency) => {
        const { categories, series } = monthlyChart(summary, currency);
        const first = categories[0]?.label;
        const last = categories[categories.length - 1]?.label;
        const sums = series.map((s) => {
          const total = s.values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
          return `${s.label.toLowerCase()} ${formatAmount(total, currency)}`;
        });
        return (
          <Chart
            key={currency}
            idPrefix={`${idPrefix}-${currency}`}
            title={`Spend per month in ${currency}`}
            summary={`${series.map((s, i) => (i === 0 ? s.label : s.label.toLowerCase())).join(' and ')} of ${scope} per month, ${first === last ? first : `${first} to ${last}`}: ${sums.join(', ')}.`}
            categoryHeading="Month"
            categories={categories}
            series={series}
            formatValue={(value) => formatAmount(value, currency)}
            formatTick={(value) => formatShortAmount(value, currency)}
          />
        );
      })}
    </div>
  );
}
