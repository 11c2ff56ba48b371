/**
 * The part of opentype.js 2 the share cards use. The package ships no types, and @types/opentype.js
 * (written for 1.3) pulls the DOM library into the whole program, which changes Node's own types.
 */
declare module 'opentype.js' {
  export interface Path {
    toPathData(decimalPlaces?: number): string;
  }
  export interface Font {
    unitsPerEm: number;
    charToGlyphIndex(char: string): number;
    getAdvanceWidth(text: string, fontSize: number): number;
    getPath(text: string, x: number, y: number, fontSize: number): Path;
  }
  export function parse(buffer: ArrayBuffer): Font;
  /** Node's import of the package's CommonJS (UMD) build, which names no exports: all of it. */
  const whole: { parse: typeof parse } | undefined;
  export default whole;
}
