/**
 * `Chart`: the app's one chart piece (bars drawn as SVG by recharts), with a "Table" tab that shows
 * the same numbers as a data table, so every chart is reachable by keyboard and by screen readers
 * (WAI-ARIA tabs pattern, components/tabs.tsx). The drawing has an accessible name (the title) and
 * a summary in words; series are told apart by their names in the legend and the table, not only by
 * colour. Every later chart of the app uses this piece. The drawing is made when it comes near the
 * screen, one chart per task (use-draw-in-turn.ts); until then its box keeps its size.
 */
import { useRef, useState } from 'react';
import {
  Bar,
  BarChart as RechartsBarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartTable } from './chart-table';
import type { ChartCategory, ChartSeries } from './chart-types';
import { tabPanelProps, Tabs } from './tabs';
import { useDrawInTurn } from './use-draw-in-turn';
import './chart.css';

export type { ChartCategory, ChartSeries } from './chart-types';

export interface ChartProps {
  /** The chart's name (its heading and the drawing's accessible name). */
  title: string;
  /** What the chart shows, in words (read out with the drawing; shown under the title). */
  summary: string;
  /** Prefix of the element ids (unique on the page). */
  idPrefix: string;
  /** The heading of the categories' column in the table ("Month"). */
  categoryHeading: string;
  categories: readonly ChartCategory[];
  series: readonly ChartSeries[];
  /** A value in words, e.g. an amount with its currency (tooltips and the table). */
  formatValue(value: number): string;
  /** A short value for the vertical axis' ticks (defaults to `formatValue`). */
  formatTick?(value: number): string;
  /** `columns`: categories along the bottom (months); `bars`: categories down the side (long names). */
  layout?: 'columns' | 'bars';
  /** When given, a category's name in the table is a button that calls it with the category's key. */
  onOpenCategory?(key: string): void;
  /** Height of the drawing, CSS pixels (default: 260 for columns, room for every bar otherwise). */
  height?: number;
}

/** Fills of the series, in order: the app's accent, then colours of the same contrast on white. */
const fills = ['#2457c5', '#b45309', '#14734a', '#7c3aed'];

/** The axes' labels: the muted text colour of the design tokens (styles/base.css), 12 px. */
const axisTick = { fill: '#5a6473', fontSize: 12 };

type Shown = 'chart' | 'table';
const tabs = [
  { id: 'chart', label: 'Chart' },
  { id: 'table', label: 'Table' },
] as const;

/** Renders the chart with its title, summary and the Chart / Table tabs. */
export function Chart(props: ChartProps) {
  const { title, summary, idPrefix, categories, series, formatValue, layout = 'columns' } = props;
  const bars = layout === 'bars';
  const height = props.height ?? (bars ? 56 + categories.length * Math.max(1, series.length) * 22 : 260);
  const [shown, setShown] = useState<Shown>('chart');
  const titleId = `${idPrefix}-title`;
  const summaryId = `${idPrefix}-summary`;
  const data = categories.map((category, index) => {
    const row: Record<string, string | number | null> = { category: category.label };
    for (const s of series) row[s.key] = s.values[index] ?? null;
    return row;
  });
  const tick = props.formatTick ?? formatValue;
  const drawingRef = useRef<HTMLDivElement>(null);
  const drawn = useDrawInTurn(drawingRef);
  return (
    <figure className="chart" aria-labelledby={titleId}>
      <div className="chart-head">
        <figcaption className="chart-caption">
          <h3 id={titleId} className="chart-title">
            {title}
          </h3>
          <p id={summaryId} className="chart-summary">
            {summary}
          </p>
        </figcaption>
        <Tabs<Shown> label={`Show ${title} as`} idPrefix={idPrefix} tabs={tabs} current={shown} onChange={setShown} />
      </div>
      <div {...tabPanelProps(idPrefix, shown)} className="chart-panel">
        {shown === 'chart' ? (
          <div
            ref={drawingRef}
            className="chart-drawing"
            role="img"
            aria-labelledby={titleId}
            aria-describedby={summaryId}
            style={drawn ? undefined : { height }}
          >
            {drawn ? (
              <ResponsiveContainer width="100%" height={height}>
                <RechartsBarChart
                  data={data}
                  layout={bars ? 'vertical' : 'horizontal'}
                  accessibilityLayer={false}
                  margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
                >
                  <CartesianGrid vertical={bars} horizontal={!bars} stroke="#dde1e7" />
                  {bars ? (
                    <>
                      <XAxis type="number" tickFormatter={tick} tick={axisTick} />
                      <YAxis type="category" dataKey="category" tick={axisTick} width={200} />
                    </>
                  ) : (
                    <>
                      <XAxis dataKey="category" tick={axisTick} />
                      <YAxis tickFormatter={tick} tick={axisTick} width={88} />
                    </>
                  )}
                  <Tooltip
                    formatter={(value) => (typeof value === 'number' ? formatValue(value) : String(value ?? ''))}
                  />
                  <Legend itemSorter={null} />
                  {series.map((s, index) => (
                    <Bar
                      key={s.key}
                      dataKey={s.key}
                      name={s.label}
                      fill={fills[index % fills.length]}
                      isAnimationActive={false}
                    />
                  ))}
                </RechartsBarChart>
              </ResponsiveContainer>
            ) : null}
          </div>
        ) : (
          <ChartTable
            caption={title}
            categoryHeading={props.categoryHeading}
            categories={categories}
            series={series}
            formatValue={formatValue}
            onOpenCategory={props.onOpenCategory}
          />
        )}
      </div>
    </figure>
  );
}
