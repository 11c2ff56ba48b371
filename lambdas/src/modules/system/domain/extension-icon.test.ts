import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { EXTENSION_ICONS } from '@agency/shared';
import { extensionIcon } from './extension-icon';

describe('extensionIcon', () => {
  it('draws a well-formed SVG labelled with each known extension', () => {
    for (const ext of EXTENSION_ICONS) {
      const svg = extensionIcon(ext);
      const doc = parseDocument(svg, { xmlMode: true });
      const root = doc.children[0];
      expect(root && 'name' in root ? root.name : '').toBe('svg');
      expect(svg).toContain(`>${ext.toUpperCase()}</text>`);
    }
  });

  it('gives families their own colours and unknown types the default icon', () => {
    const band = (svg: string) => /<rect[^>]*fill="([^"]+)"/.exec(svg)?.[1];
    expect(band(extensionIcon('pdf'))).not.toBe(band(extensionIcon('docx')));
    expect(band(extensionIcon('doc'))).toBe(band(extensionIcon('docx')));
    expect(extensionIcon('weird')).toBe(extensionIcon('default'));
    expect(extensionIcon('weird')).toContain('>FILE</text>');
  });
});
