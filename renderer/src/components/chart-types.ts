/**
 * The data of a chart (`Chart`, components/chart.tsx), in a module without JSX so that pure code
 * (and the tests under the Node configuration) can build chart data.
 */

/** One category of the horizontal axis (a month, a company…): its key and visible name. */
export interface ChartCategory {
  key: string;
  label: string;
}

/** One series of bars: its name and one value per category, in the order of `categories` (null: none). */
export interface ChartSeries {
  key: string;
  label: string;
  values: ReadonlyArray<number | null>;
}
