import { describe, expect, it } from 'vitest';
import { responsiveBody } from './responsive-body';

const ID = 'c0ffee00-1234-4abc-8def-0123456789ab';
const at = (w: number, f: string) => `/media/images/${ID}/${w}.${f}`;

/** The body parsed as the browser would, to read the markup back by role rather than by string. */
const parse = (html: string) => {
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = html;
  return doc.body;
};

describe('responsiveBody', () => {
  it('serves an uploaded image as a <picture> of its AVIF, WebP and JPEG variants', () => {
    const body = parse(
      responsiveBody(
        `<p>Before</p><p><img src="${at(1920, 'jpg')}" alt="A &quot;busy&quot; street" width="4000" height="3000"></p><p>After</p>`,
      ),
    );
    const picture = body.querySelector('p > picture');
    expect(picture).not.toBeNull();
    const sources = [...(picture?.querySelectorAll('source') ?? [])];
    expect(sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('srcset')).toBe(
      `${at(480, 'avif')} 480w, ${at(960, 'avif')} 960w, ${at(1440, 'avif')} 1440w, ${at(1920, 'avif')} 1920w`,
    );
    const img = picture?.querySelector('img');
    expect(img?.getAttribute('srcset')).toContain(`${at(1920, 'jpg')} 1920w`);
    expect(img?.getAttribute('src')).toBe(at(960, 'jpg'));
    // Its own width and height (the box is reserved), its alt text, lazy and decoded off-thread.
    expect(img?.getAttribute('width')).toBe('4000');
    expect(img?.getAttribute('height')).toBe('3000');
    expect(img?.alt).toBe('A "busy" street');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('decoding')).toBe('async');
    // The article column: the viewport less the page's gutter, up to 820 px.
    for (const el of [...sources, img])
      expect(el?.getAttribute('sizes')).toBe('(max-width: 860px) calc(100vw - 40px), 820px');
    expect(body.textContent).toBe('BeforeAfter');
  });

  it('sizes an image narrower than the column at its own width, with only the variants it has', () => {
    const html = responsiveBody(
      `<p><img src="${at(600, 'png')}" width="600" height="400" alt="Logo"/></p>`,
    );
    const img = parse(html).querySelector('picture img');
    expect(img?.getAttribute('sizes')).toBe('(max-width: 640px) calc(100vw - 40px), 600px');
    expect(img?.getAttribute('srcset')).toBe(`${at(480, 'png')} 480w, ${at(600, 'png')} 600w`);
    expect(html).not.toContain('1440');
  });

  it('leaves external, data: and unrecognised images alone, and the rest of the HTML as it was', () => {
    const untouched = [
      '<p><img src="https://cdn.example.com/a.jpg" alt="x"></p>',
      '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="old"></p>',
      '<p><img src="/media/banners/12.jpg" alt="banner"></p>',
      `<p><img src="/media/images/not-an-id/960.jpg"></p>`,
      `<p><img src="${at(960, 'webp')}"></p>`,
      '<p>No image at all, only &lt;img&gt; as text.</p>',
    ];
    for (const html of untouched) expect(responsiveBody(html)).toBe(html);
  });

  it('changes nothing when run again on its own output', () => {
    const once = responsiveBody(`<p><img src="${at(1440, 'jpg')}" width="1440" height="960"></p>`);
    expect(once).toContain('<picture>');
    expect(responsiveBody(once)).toBe(once);
  });

  it('turns every uploaded image of a body, whatever the quoting', () => {
    const html = responsiveBody(
      `<p><img src='${at(960, 'jpg')}' alt='one'></p><p><img alt=two src=${at(960, 'jpg')}></p>`,
    );
    const imgs = parse(html).querySelectorAll<HTMLImageElement>('picture > img');
    expect([...imgs].map((i) => i.alt)).toEqual(['one', 'two']);
  });

  it('paints the preview of an image the post lists until it loads, and none for a transparent one', () => {
    const tag = `<img src="${at(1920, 'jpg')}" alt="" width="4000" height="3000">`;
    const preview = 'data:image/webp;base64,UklGRg==';
    const image = {
      id: ID,
      width: 4000,
      height: 3000,
      format: 'jpg' as const,
      placeholder: preview,
    };
    const img = parse(responsiveBody(tag, [image])).querySelector('img');
    expect(img?.style.backgroundImage).toBe(`url("${preview}")`);
    expect(img?.style.backgroundSize).toBe('cover');
    // Not listed (a post stored before), or with transparency: no preview.
    expect(parse(responsiveBody(tag)).querySelector('img')?.getAttribute('style')).toBeNull();
    const png = `<img src="${at(1920, 'png')}" alt="" width="4000" height="3000">`;
    expect(
      parse(responsiveBody(png, [{ ...image, format: 'png' }]))
        .querySelector('img')
        ?.getAttribute('style'),
    ).toBeNull();
  });
});
