import type { Key, MouseEventHandler, ReactNode } from 'react';

/** A column of a `ListTable`: its heading and what each row shows under it. */
export interface Column<T> {
  heading: string;
  /** Say the heading to screen readers only (a column of row actions, whose buttons say what they do). */
  hiddenHeading?: boolean;
  /** The row's cell; `index` is the row's place on the page, from 0. */
  cell: (row: T, index: number) => ReactNode;
  /** Label the cell with the heading when rows turn into cards at phone widths; true by default. */
  labelled?: boolean;
  /** The cell's label in the card layout where it differs by row (a post's date: posted or purged). */
  label?: (row: T) => string;
  className?: string;
}

/**
 * The column of each row's action buttons and links, side by side: a flex row inside the cell, as
 * a flex `<td>` stops being a table cell. Unlabelled in the card layout, where the actions speak for
 * themselves.
 */
export function actionsColumn<T>(
  heading: string,
  actions: (row: T) => ReactNode,
  options: { hiddenHeading?: boolean } = {},
): Column<T> {
  return {
    heading,
    ...options,
    labelled: false,
    cell: (row) => <div className="admin-table__actions">{actions(row)}</div>,
  };
}

/** A row's action as a button that reads as a link: `label` names the row it acts on. */
export function RowButton({
  label,
  danger = false,
  disabled,
  onClick,
  children,
}: {
  /** The accessible name, naming the row ("Delete Hello world"). */
  label: string;
  /** A destructive action (delete), in the danger colour. */
  danger?: boolean;
  disabled?: boolean;
  onClick: MouseEventHandler<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={danger ? 'btn btn--link btn--danger' : 'btn btn--link'}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** What a `ListTable` draws: its class, caption, columns and rows. */
export interface ListTableProps<T> {
  className: string;
  /** Read by screen readers only. */
  caption?: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  /** What tells the rows apart (an id, a redirect's old address). */
  rowKey: (row: T) => Key;
}

/** The table of an admin list: a heading per column, a row per item, each cell labelled for the card layout. */
export function ListTable<T>({ className, caption, columns, rows, rowKey }: ListTableProps<T>) {
  return (
    <table className={className}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.heading} scope="col">
              {c.hiddenHeading ? <span className="visually-hidden">{c.heading}</span> : c.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td
                key={c.heading}
                data-label={c.label ? c.label(row) : c.labelled === false ? undefined : c.heading}
                className={c.className}
              >
                {c.cell(row, index)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
