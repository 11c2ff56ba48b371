import type { CSSProperties } from 'react';

/**
 * How many cards a full-width row holds so that no row is left with a lone tile: up to four, or the
 * three or four that leaves the fewest gaps in the last row (six → 3 + 3, five → 3 + 2, seven → 4 + 3).
 * A last row that is still short is centred by the `.balanced-grid` CSS (sections.css).
 */
export function balancedColumns(count: number, max = 4): number {
  if (count <= max) return Math.max(1, count);
  const gapsWith = (columns: number): number => (columns - (count % columns)) % columns;
  let best = max;
  for (let columns = max - 1; columns >= 3; columns--)
    if (gapsWith(columns) < gapsWith(best)) best = columns;
  return best;
}

type GridStyle = CSSProperties & { '--grid-columns': number };

/** The style that gives a `.balanced-grid` list of `count` items its number of columns. */
export function balancedGridStyle(count: number): GridStyle {
  return { '--grid-columns': balancedColumns(count) };
}
