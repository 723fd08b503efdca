/**
 * The numbers of a chart (`Chart`, components/chart.tsx) as a data table: one row per category, one
 * column per series, a dash where a series has no value; a category's name may open it.
 */
import type { ChartCategory, ChartSeries } from './chart-types';

export interface ChartTableProps {
  caption: string;
  categoryHeading: string;
  categories: readonly ChartCategory[];
  series: readonly ChartSeries[];
  formatValue(value: number): string;
  /** When given, a category's name is a button that calls it with the category's key. */
  onOpenCategory?(key: string): void;
}

/** Renders the table. */
export function ChartTable({
  caption,
  categoryHeading,
  categories,
  series,
  formatValue,
  onOpenCategory,
}: ChartTableProps) {
  return (
    <table className="chart-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{categoryHeading}</th>
          {series.map((s) => (
            <th key={s.key} scope="col" className="chart-table-number">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {categories.map((category, index) => (
          <tr key={category.key}>
            <th scope="row">
              {onOpenCategory ? (
                <button type="button" className="link-button" onClick={() => onOpenCategory(category.key)}>
                  {category.label}
                </button>
              ) : (
                category.label
              )}
            </th>
            {series.map((s) => {
              const value = s.values[index];
              return (
                <td key={s.key} className="chart-table-number">
                  {value === null || value === undefined ? '—' : formatValue(value)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
