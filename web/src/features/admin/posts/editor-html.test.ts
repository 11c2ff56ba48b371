import { describe, expect, it } from 'vitest';
import { faithfulSpaces } from './editor-html';

describe('faithfulSpaces', () => {
  it.each([
    ['<p>a&nbsp;b</p>', '<p>a b</p>'],
    ['<p>a&nbsp;&nbsp;&nbsp;b</p>', '<p>a&nbsp;&nbsp; b</p>'],
    [
      '<p><strong>bold</strong>&nbsp;then&nbsp;<em>it</em></p>',
      '<p><strong>bold</strong> then <em>it</em></p>',
    ],
    ['<p>&nbsp;lead</p><p>trail&nbsp;</p>', '<p>&nbsp;lead</p><p>trail&nbsp;</p>'],
    ['<p>kept\u00a0as typed</p>', '<p>kept\u00a0as typed</p>'],
    ['<p>&amp;nbsp;</p>', '<p>&amp;nbsp;</p>'],
  ])('%s → %s', (input, output) => {
    expect(faithfulSpaces(input)).toBe(output);
  });
});
