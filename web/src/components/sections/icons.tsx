/** Small line icons (24 px grid, drawn for this site) used by cards, tabs and steps: one path each keeps them light. */
const PATHS = {
  search: 'M11 4a7 7 0 1 1 0 14a7 7 0 0 1 0-14zM16 16l5 5',
  chart: 'M3 21h18M6 17v-5M11 17V7M16 17v-8M21 17V4',
  target: 'M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18zM12 8a4 4 0 1 1 0 8a4 4 0 0 1 0-8zM12 12h.01',
  megaphone: 'M3 10v4h4l8 5V5l-8 5H3zM18 9a4 4 0 0 1 0 6M7 14l1 6h3l-1-5',
  code: 'M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16',
  cart: 'M3 4h3l2.5 11h10L21 8H7M10 20h.01M17 20h.01',
  cloud: 'M7 18a5 5 0 0 1-.5-9.97A6 6 0 0 1 18 9a4.5 4.5 0 0 1 0 9H7z',
  brush: 'M14 4l6 6-8 8H6v-6l8-8zM4 21h16',
  play: 'M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM10 9l5 3-5 3z',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6l8-3zM9 12l2 2 4-4',
  rocket:
    'M12 15l-3-3c1.5-4.5 4.5-8 10-9-1 5.5-4.5 8.5-9 10zM9 12H5l3-4h4M12 15v4l4-3v-4M6 16c-2 1-2 4-2 4s3 0 4-2',
  users:
    'M9 11a4 4 0 1 0 0-8a4 4 0 0 0 0 8zM2 21c0-4 3-6 7-6s7 2 7 6M17 4a4 4 0 0 1 0 7M22 21c0-3-1.5-5-4-5.6',
  gear: 'M12 9a3 3 0 1 1 0 6a3 3 0 0 1 0-6zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9L7 7M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1',
  layers: 'M12 3l9 5-9 5-9-5 9-5zM3 13l9 5 9-5M3 17l9 5 9-5',
  globe:
    'M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18zM3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18',
  device: 'M3 5h13v10H3zM1 18h17M18 9h5v11h-5zM20 17h1',
  refresh: 'M20 11a8 8 0 0 0-14.5-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.5 4.5L20 16M20 20v-4h-4',
  clock: 'M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18zM12 7v5l3 2',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  pen: 'M4 20h4L19 9l-4-4L4 16v4zM13 7l4 4',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  pin: 'M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11zM12 7a3 3 0 1 1 0 6a3 3 0 0 1 0-6z',
  money: 'M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6',
  bulb: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z',
  check: 'M5 12l5 5 9-10',
  handshake: 'M2 12l4-4 4 2 4-3 4 1 4 4M6 8v7l5 4 2-1 4 1 3-4M9 14l2 2M12 12l3 3',
} as const;

export type IconName = keyof typeof PATHS;

/** Decorative icon (aria-hidden): the text beside it carries the meaning. */
export function Icon({
  name,
  size = 40,
  className,
}: {
  name: IconName;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
