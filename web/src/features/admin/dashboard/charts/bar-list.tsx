import { useId } from 'react';
import { ChartFigure, ChartSvg } from './chart-figure';
import { svgId } from './series';

export interface BarRow {
  label: string;
  count: number;
}

const ROW = 42;
/** Labels are cut to this in the picture, the shorter on a phone (the table holds them whole). */
const LABEL_MAX = { wide: 60, narrow: 36 } as const;

const cut = (label: string, max: number): string =>
  label.length > max ? `${label.slice(0, max - 1)}…` : label;

/** A row's label: one text, or a long and a short one that CSS picks between by screen width. */
function Label({ label, y }: { label: string; y: number }) {
  if (label.length <= LABEL_MAX.narrow)
    return (
      <text className="chart__label" x="0" y={y}>
        {label}
      </text>
    );
  return (
    <>
      <text className="chart__label chart__label--wide" x="0" y={y}>
        {cut(label, LABEL_MAX.wide)}
      </text>
      <text className="chart__label chart__label--narrow" x="0" y={y}>
        {cut(label, LABEL_MAX.narrow)}
      </text>
    </>
  );
}

/**
 * Horizontal bars, one per row, longest first as given: the label and the figure are written
 * above each bar, so the bar's length only repeats what the text says.
 */
export function BarList({
  title,
  description,
  rows,
  head,
  unit,
}: {
  title: string;
  description: string;
  rows: readonly BarRow[];
  /** Heading of the table's first column ("Landing page"). */
  head: string;
  /** What is counted, for the table ("Leads", "Views"). */
  unit: string;
}) {
  const id = svgId(useId());
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <ChartFigure
      title={title}
      table={{ columns: [head, unit], rows: rows.map((r) => [r.label, r.count]) }}
    >
      <ChartSvg id={id} height={rows.length * ROW} title={title} description={description}>
        {rows.map((r, i) => (
          <g key={r.label}>
            <Label label={r.label} y={i * ROW + 15} />
            <text className="chart__label chart__label--end" x="100%" y={i * ROW + 15}>
              {r.count}
            </text>
            <rect className="chart__track" x="0" y={i * ROW + 22} width="100%" height="12" rx="3" />
            <rect
              className="chart__bar"
              x="0"
              y={i * ROW + 22}
              width={`${(100 * r.count) / max}%`}
              height="12"
              rx="3"
            />
          </g>
        ))}
      </ChartSvg>
    </ChartFigure>
  );
}
