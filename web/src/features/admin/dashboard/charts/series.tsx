import type { ReactNode } from 'react';

/**
 * Series fills for the dashboard's charts: the Okabe–Ito colours (told apart with the common
 * colour-vision deficiencies) and, from the second series on, a texture over the colour, so two
 * neighbouring segments differ in more than hue. Every chart also names each figure in text.
 */
const COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#6b7280'];

/** Texture drawn over a series' colour, by series index (the first is plain). */
const TEXTURES: readonly ((ink: string) => ReactNode)[] = [
  () => null,
  (ink) => <path d="M-2 2l4-4M0 8l8-8M6 10l4-4" stroke={ink} strokeWidth="1.6" />,
  (ink) => <circle cx="4" cy="4" r="1.5" fill={ink} />,
  (ink) => <path d="M0 4h8" stroke={ink} strokeWidth="1.6" />,
  (ink) => <path d="M0 0l8 8M8 0l-8 8" stroke={ink} strokeWidth="1.2" />,
  (ink) => <path d="M4 0v8" stroke={ink} strokeWidth="1.6" />,
  () => null,
];

/** How many series a chart draws apart; more are summed into the last one ("Other"). */
export const MAX_SERIES = COLOURS.length;

/** The fill of series `index` in a chart whose patterns carry the id prefix `prefix`. */
export const seriesFill = (prefix: string, index: number): string =>
  `url(#${prefix}-s${index % MAX_SERIES})`;

/** The `<defs>` of every series fill, once per chart. */
export function SeriesPatterns({ prefix }: { prefix: string }) {
  return (
    <defs>
      {COLOURS.map((colour, i) => (
        <pattern
          key={colour}
          id={`${prefix}-s${i}`}
          width="8"
          height="8"
          patternUnits="userSpaceOnUse"
        >
          <rect width="8" height="8" fill={colour} />
          {TEXTURES[i]?.('rgba(255,255,255,0.75)')}
        </pattern>
      ))}
    </defs>
  );
}

/** A legend's sample of a series fill, drawn with the chart's own patterns. */
export function Swatch({ prefix, index }: { prefix: string; index: number }) {
  return (
    <svg className="chart-swatch" width="16" height="16" aria-hidden="true" focusable="false">
      <rect width="16" height="16" rx="3" fill={seriesFill(prefix, index)} />
    </svg>
  );
}

/** Chart ids: React's useId holds colons, which `url(#…)` references do not allow unescaped. */
export const svgId = (reactId: string): string => `c${reactId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
