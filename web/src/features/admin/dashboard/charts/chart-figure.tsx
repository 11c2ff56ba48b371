import { useId, useState, type ReactNode } from 'react';
import { SeriesPatterns } from './series';

export interface TableData {
  /** Column headings; the first column's cells are row headings. */
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

/**
 * A dashboard chart: its heading, the picture, and the same figures as a table. The table is
 * always there for screen readers (visually hidden) and "Show as table" shows it to everyone.
 */
export function ChartFigure({
  title,
  table,
  children,
}: {
  title: string;
  table: TableData;
  children: ReactNode;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <figure className="chart">
      <figcaption className="chart__head">
        <h2 className="chart__title">{title}</h2>
        <button
          type="button"
          className="btn btn--link chart__toggle"
          aria-expanded={shown}
          aria-controls={id}
          onClick={() => setShown(!shown)}
        >
          {shown ? 'Hide table' : 'Show as table'}
        </button>
      </figcaption>
      {children}
      <div id={id} className={shown ? 'chart__table admin-table-wrap' : 'visually-hidden'}>
        <table className="admin-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map(([head, ...cells], i) => (
              <tr key={i}>
                <th scope="row">{head}</th>
                {cells.map((cell, j) => (
                  <td key={j}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/**
 * The picture of a chart: an SVG image named by its `<title>` and summed up by its `<desc>`, with
 * the series' fill patterns when it draws series (colour is never the only cue).
 */
export function ChartSvg({
  id,
  height,
  title,
  description,
  patterns = false,
  children,
}: {
  /** An id safe in SVG references (`svgId(useId())`). */
  id: string;
  height: number | string;
  title: string;
  description: string;
  patterns?: boolean;
  children: ReactNode;
}) {
  return (
    <svg
      className="chart__svg"
      width="100%"
      height={height}
      role="img"
      aria-labelledby={`${id}-t`}
      aria-describedby={`${id}-d`}
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{description}</desc>
      {patterns && <SeriesPatterns prefix={id} />}
      {children}
    </svg>
  );
}
