import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB colour, 0–255 per channel. */
export type Rgb = readonly [number, number, number];

/** Encode an 8-bit RGB PNG; `pixel(x, y)` gives each pixel's colour. */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => Rgb,
): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const i = y * stride + 1 + x * 3;
      raw[i] = r;
      raw[i + 1] = g;
      raw[i + 2] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface BannerDesign {
  /** Top-left and bottom-right colours of the diagonal gradient. */
  from: Rgb;
  to: Rgb;
  /** Soft discs laid over the gradient: centre and radius as fractions of the width. */
  discs: readonly { x: number; y: number; r: number; colour: Rgb; alpha: number }[];
}

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** A blog banner: a diagonal gradient with a few soft discs, 1200×630 (the social-card shape) by default. */
export function bannerPng(design: BannerDesign, width = 1200, height = 630): Buffer {
  const discs = design.discs.map((d) => ({
    ...d,
    cx: d.x * width,
    cy: d.y * height,
    radius: d.r * width,
  }));
  return encodePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    let r = mix(design.from[0], design.to[0], t);
    let g = mix(design.from[1], design.to[1], t);
    let b = mix(design.from[2], design.to[2], t);
    for (const d of discs) {
      const dist = Math.hypot(x - d.cx, y - d.cy);
      if (dist >= d.radius) continue;
      // Fade out over the outer fifth of the radius so the edge is soft.
      const a = d.alpha * Math.min(1, (d.radius - dist) / (d.radius * 0.2));
      r = mix(r, d.colour[0], a);
      g = mix(g, d.colour[1], a);
      b = mix(b, d.colour[2], a);
    }
    return [r, g, b];
  });
}
