/** Tiny but real image files, for upload tests. */

/** A 1×1 transparent PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A 1×1 GIF. */
export const GIF_1PX = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

/** The start of a JPEG (SOI + JFIF APP0), enough for byte sniffing. */
export const JPEG_HEAD = Buffer.concat([
  Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
    0x00, 0x01, 0x00, 0x00,
  ]),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);

/** A PNG with a PHP script appended: a classic image/script polyglot. */
export const PNG_POLYGLOT = Buffer.concat([PNG_1PX, Buffer.from('<?php system($_GET["c"]); ?>')]);

/** A GIF whose comment holds HTML with a script. */
export const GIF_HTML_POLYGLOT = Buffer.concat([
  Buffer.from('GIF89a'),
  Buffer.from('/*<html><script>alert(1)</script>*/'),
  GIF_1PX.subarray(6),
]);
