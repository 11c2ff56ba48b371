/** A vector image drawn at build as a WebP of the width asked (vite.config.ts, `rasterImages`). */
declare module '*&raster' {
  const src: string;
  export default src;
}
