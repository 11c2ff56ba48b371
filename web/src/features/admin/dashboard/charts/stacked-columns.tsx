import { useId } from 'react';
import { ChartFigure, ChartSvg } from './chart-figure';
import { MAX_SERIES, seriesFill, svgId, Swatch } from './series';

export interface Count {
  key: string;
  count: number;
}

export interface Column {
  label: string;
  segments: readonly Count[];
}

/** The label of the series that sums the smaller ones. */
export const OTHER = 'Other';

/**
 * The series a stacked chart draws: the keys with the most in all columns, most first; past
 * MAX_SERIES − 1 of them the rest are summed as "Other", so the colours and textures stay apart.
 */
export function groupSeries(columns: readonly Column[]): {
  keys: string[];
  values: number[][];
} {
  const totals = new Map<string, number>();
  for (const c of columns)
    for (const s of c.segments) totals.set(s.key, (totals.get(s.key) ?? 0) + s.count);
  const ranked = [...totals.entries()]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([key]) => key);
  const kept = ranked.length > MAX_SERIES ? ranked.slice(0, MAX_SERIES - 1) : ranked;
  const keys = kept.length < ranked.length ? [...kept, OTHER] : kept;
  const values = columns.map((c) => {
    const row = keys.map(() => 0);
    for (const s of c.segments) {
      const found = kept.indexOf(s.key);
      const at = found === -1 ? keys.length - 1 : found;
      row[at] = (row[at] ?? 0) + s.count;
    }
    return row;
  });
  return { keys, values };
}

const HEIGHT = 230;
const TOP = 22;
const BASE = 196;

/**
 * Columns stacked by series (leads per week by source). Positions are percentages of the width,
 * so the chart fills any screen without shrinking its text; every column's total is written over
 * it, and on narrow screens only every third axis label shows, counted back from the latest.
 */
export function StackedColumns({
  title,
  description,
  columns,
  head,
}: {
  title: string;
  description: string;
  columns: readonly Column[];
  /** Heading of the table's first column ("Week"). */
  head: string;
}) {
  const id = svgId(useId());
  const { keys, values } = groupSeries(columns);
  const totals = values.map((row) => row.reduce((a, b) => a + b, 0));
  const max = Math.max(1, ...totals);
  const slot = 100 / Math.max(1, columns.length);
  const px = (n: number) => ((BASE - TOP) * n) / max;
  const table = {
    columns: [head, ...keys, 'Total'],
    rows: columns.map((c, i) => [c.label, ...(values[i] ?? []), totals[i] ?? 0]),
  };
  return (
    <ChartFigure title={title} table={table}>
      <ChartSvg id={id} height={HEIGHT} title={title} description={description} patterns>
        <line className="chart__axis" x1="0" x2="100%" y1={BASE + 0.5} y2={BASE + 0.5} />
        {columns.map((c, i) => {
          let y = BASE;
          const x = `${(i + 0.18) * slot}%`;
          const width = `${slot * 0.64}%`;
          return (
            <g key={c.label}>
              {(values[i] ?? []).map((n, k) => {
                if (n === 0) return null;
                const h = px(n);
                y -= h;
                return (
                  <rect
                    key={keys[k]}
                    className="chart__segment"
                    x={x}
                    y={y}
                    width={width}
                    height={h}
                    fill={seriesFill(id, k)}
                  />
                );
              })}
              {(totals[i] ?? 0) > 0 && (
                <text className="chart__value" x={`${(i + 0.5) * slot}%`} y={y - 6}>
                  {totals[i]}
                </text>
              )}
              <text
                className={`chart__tick${(columns.length - 1 - i) % 3 ? ' chart__tick--minor' : ''}`}
                x={`${(i + 0.5) * slot}%`}
                y={BASE + 20}
              >
                {c.label}
              </text>
            </g>
          );
        })}
      </ChartSvg>
      {keys.length > 0 && (
        <ul className="chart-legend" aria-hidden="true">
          {keys.map((key, k) => (
            <li key={key}>
              <Swatch prefix={id} index={k} />
              {key}
            </li>
          ))}
        </ul>
      )}
    </ChartFigure>
  );
}
