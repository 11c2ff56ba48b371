import { EXTENSION_ICONS } from '@agency/shared';

type Known = (typeof EXTENSION_ICONS)[number];

/** Band colour per family of file types; the label is the extension itself. */
const FAMILY_COLOURS: Record<Known, string> = {
  pdf: '#d93831',
  doc: '#2b579a',
  docx: '#2b579a',
  xls: '#217346',
  xlsx: '#217346',
  csv: '#1d8f5a',
  ppt: '#c43e1c',
  pptx: '#c43e1c',
  txt: '#5f6b7a',
  zip: '#8d6e1f',
  jpg: '#7b3fb5',
  jpeg: '#7b3fb5',
  png: '#7b3fb5',
  gif: '#7b3fb5',
  svg: '#e0772b',
  mp3: '#0f8b8d',
  mp4: '#1666c5',
  html: '#e44d26',
  js: '#b59a00',
  json: '#4a4a4a',
};

const DEFAULT_COLOUR = '#8a94a6';

const isKnown = (ext: string): ext is Known => (EXTENSION_ICONS as readonly string[]).includes(ext);

/**
 * An original SVG file icon: a page with a folded corner, a coloured band and the extension as
 * its label. Unknown extensions (and "default") get a grey page with a generic "FILE" label.
 * `extension` is already validated as [a-z0-9]{1,16}; the label is still escaped-safe by that rule.
 */
export function extensionIcon(extension: string): string {
  const ext = extension.toLowerCase();
  const known = isKnown(ext);
  const colour = known ? FAMILY_COLOURS[ext] : DEFAULT_COLOUR;
  const label = (known ? ext : 'file').toUpperCase();
  const fontSize = label.length <= 3 ? 13 : label.length === 4 ? 11 : 9;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${label} file">`,
    '<path d="M14 4h26l14 14v40a2 2 0 0 1-2 2H14a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" fill="#fff" stroke="#c9ced6" stroke-width="2"/>',
    '<path d="M40 4v12a2 2 0 0 0 2 2h12" fill="#eef0f3" stroke="#c9ced6" stroke-width="2" stroke-linejoin="round"/>',
    `<rect x="6" y="34" width="40" height="18" rx="3" fill="${colour}"/>`,
    `<text x="26" y="47" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="${fontSize}" font-weight="700" fill="#fff">${label}</text>`,
    '<path d="M20 24h24M20 28h16" stroke="#d5d9e0" stroke-width="2" stroke-linecap="round"/>',
    '</svg>',
  ].join('');
}
