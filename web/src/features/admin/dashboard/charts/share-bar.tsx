import { useId } from 'react';
import { ChartFigure, ChartSvg } from './chart-figure';
import { seriesFill, svgId, Swatch } from './series';

export interface Share {
  label: string;
  count: number;
}

/** A whole number percentage of `n` in `total` (0 when there is nothing). */
export const percent = (n: number, total: number): number =>
  total > 0 ? Math.round((100 * n) / total) : 0;

/**
 * One bar split into the shares of a whole (leads per status), each part in its series' fill, and
 * a legend that writes every part's count and percentage.
 */
export function ShareBar({
  title,
  description,
  shares,
  head,
}: {
  title: string;
  description: string;
  shares: readonly Share[];
  head: string;
}) {
  const id = svgId(useId());
  const total = shares.reduce((sum, s) => sum + s.count, 0);
  let x = 0;
  return (
    <ChartFigure
      title={title}
      table={{
        columns: [head, 'Leads', 'Share'],
        rows: shares.map((s) => [s.label, s.count, `${percent(s.count, total)}%`]),
      }}
    >
      <ChartSvg id={id} height="32" title={title} description={description} patterns>
        {shares.map((s, i) => {
          if (s.count === 0 || total === 0) return null;
          const width = (100 * s.count) / total;
          const at = x;
          x += width;
          return (
            <rect
              key={s.label}
              className="chart__segment"
              x={`${at}%`}
              y="0"
              width={`${width}%`}
              height="32"
              fill={seriesFill(id, i)}
            />
          );
        })}
      </ChartSvg>
      <ul className="chart-legend" aria-hidden="true">
        {shares.map((s, i) => (
          <li key={s.label}>
            <Swatch prefix={id} index={i} />
            {s.label}: {s.count} ({percent(s.count, total)}%)
          </li>
        ))}
      </ul>
    </ChartFigure>
  );
}
