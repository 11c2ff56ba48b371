import type { ReactNode } from 'react';

/** A column of a `ListTable`: its heading and what each row shows under it. */
export interface Column<T> {
  heading: string;
  cell: (row: T) => ReactNode;
  /** Label the cell with the heading when rows turn into cards at phone widths; true by default. */
  labelled?: boolean;
  className?: string;
}

/** The table of an admin list: a heading per column, a row per item, each cell labelled for the card layout. */
export function ListTable<T extends { id: string | number }>({
  className,
  caption,
  columns,
  rows,
}: {
  className: string;
  /** Read by screen readers only. */
  caption?: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
}) {
  return (
    <table className={className}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.heading} scope="col">
              {c.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {columns.map((c) => (
              <td
                key={c.heading}
                data-label={c.labelled === false ? undefined : c.heading}
                className={c.className}
              >
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
