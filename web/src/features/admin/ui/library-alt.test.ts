import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, type Field } from '@agency/shared';
import { altOnPick } from './library-alt';

const listFields = (type: 'portfolioCarousel' | 'clients', list: string) => {
  const f = (BLOCK_TYPES[type].fields as Readonly<Record<string, Field>>)[list];
  if (f?.widget.kind !== 'list') throw new Error(`${type}.${list} is not a list`);
  return f.widget.fields;
};

const OLD = '/assets/img/portfolio/old.webp';
const NEW = '/media/images/0b6f5c3e-8d1a-4c2b-9e7f-000000000001/original.jpg';

describe('altOnPick', () => {
  const card = listFields('portfolioCarousel', 'items');

  it('gives a portfolio card the new image’s library description, never the old image’s', () => {
    const value = { thumb: OLD, large: OLD, alt: 'The old project' };
    expect(altOnPick(card, value, 'thumb', { src: NEW, alt: 'The new project' })).toEqual({
      alt: 'The new project',
    });
    // No library description yet: the old one goes all the same (publishing asks for one).
    expect(altOnPick(card, value, 'thumb', { src: NEW, alt: '' })).toEqual({ alt: '' });
  });

  it('keeps the block’s own description when the image it already shows is chosen again', () => {
    const value = { thumb: NEW, large: OLD, alt: 'Written for this card' };
    expect(altOnPick(card, value, 'large', { src: NEW, alt: 'Library words' })).toEqual({});
  });

  it('changes nothing in a block without a description field (a client logo)', () => {
    const logos = listFields('clients', 'logos');
    expect(altOnPick(logos, { src: OLD }, 'src', { src: NEW, alt: 'Logo' })).toEqual({});
  });
});
