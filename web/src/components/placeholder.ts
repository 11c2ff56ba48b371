import type { CSSProperties } from 'react';
import type { Image } from '@agency/shared';

/**
 * The blurred preview painted behind an image until it loads, as CSS declarations (the CSP allows
 * inline styles and data: images). None for an image with transparency: the preview would stay
 * visible through it.
 */
function declarations(image: Image): [string, string][] | null {
  if (image.format === 'png' || !image.placeholder) return null;
  return [
    // A base64 data: URL holds no quote, parenthesis or space: safe unquoted, in a style attribute too.
    ['background-image', `url(${image.placeholder})`],
    ['background-size', 'cover'],
    ['background-position', 'center'],
    ['background-repeat', 'no-repeat'],
  ];
}

/** The preview as a React style (the `<Picture>` component). */
export function placeholderStyle(image: Image): CSSProperties | undefined {
  const decl = declarations(image);
  if (!decl) return undefined;
  return Object.fromEntries(
    decl.map(([name, value]) => [
      name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()),
      value,
    ]),
  );
}

/** The preview as a `style` attribute's text (images inside a post body's HTML). */
export function placeholderCss(image: Image): string | undefined {
  return declarations(image)
    ?.map(([name, value]) => `${name}:${value}`)
    .join(';');
}
