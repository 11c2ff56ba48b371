// A photo-like test image for the benchmarks: a 4000 × 3000 JPEG as a phone or camera writes it
// (2–5 MB), drawn with sharp from a seed, so every run measures the same bytes without a binary
// in the repository. Gradients alone would compress to a few hundred KB, and noise alone vanishes
// when the image is scaled down; a photo has detail at every scale (objects with hard edges,
// textured surfaces, sensor noise), so its small variants stay as costly as a real photo's.
import sharp from 'sharp';

/** A small deterministic PRNG (mulberry32): the same seed draws the same photo. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Value noise of one octave: random values every `period` px, smoothly interpolated, centred on 0. */
async function octave(rnd, width, height, period) {
  const w = Math.max(2, Math.round(width / period));
  const h = Math.max(2, Math.round(height / period));
  const grid = Buffer.alloc(w * h);
  for (let i = 0; i < grid.length; i++) grid[i] = Math.floor(rnd() * 256);
  return sharp(grid, { raw: { width: w, height: h, channels: 1 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}

/**
 * The photo: a sky-to-ground gradient; a few hundred hard-edged shaded shapes (buildings, people,
 * things) in the lower part; a texture of value noise at periods from 256 down to 3 px (foliage,
 * walls, gravel), stronger on the ground; per-pixel sensor noise; then a JPEG at quality 92 with
 * 4:2:0 chroma, as phone cameras write them.
 */
export async function photoJpeg({ seed = 1, width = 4000, height = 3000 } = {}) {
  const rnd = random(seed);
  const horizon = 0.3 + rnd() * 0.2;
  const sky = [110 + rnd() * 60, 150 + rnd() * 50, 200 + rnd() * 55];
  const ground = [70 + rnd() * 60, 80 + rnd() * 50, 40 + rnd() * 40];
  const shapes = Array.from({ length: 260 }, () => {
    const w = width * (0.01 + rnd() ** 2 * 0.25);
    const h = height * (0.02 + rnd() ** 2 * 0.4);
    const x = rnd() * width;
    const bottom = height * (horizon + 0.05 + rnd() * (1.05 - horizon));
    return {
      x0: x - w / 2,
      x1: x + w / 2,
      y0: bottom - h,
      y1: bottom,
      round: rnd() < 0.4,
      c: [rnd() * 255, rnd() * 255, rnd() * 255],
      shade: 0.4 + rnd() * 0.6,
    };
  });
  // Nearer (lower) shapes are drawn last, over the farther ones.
  shapes.sort((a, b) => a.y1 - b.y1);
  const periods = [256, 64, 16, 6, 3];
  const weights = [28, 34, 30, 16, 8];
  const octaves = [];
  for (const p of periods) octaves.push(await octave(rnd, width, height, p));

  const out = Buffer.alloc(width * height * 3);
  const c = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    const v = y / height;
    const t = Math.min(1, Math.max(0, (v - horizon) / 0.02 + 0.5));
    const rowShapes = shapes.filter((s) => y >= s.y0 && y < s.y1);
    const detail = 0.5 + 0.5 * t;
    for (let x = 0; x < width; x++) {
      for (let k = 0; k < 3; k++) c[k] = sky[k] * (1 - t) + ground[k] * t - 40 * v;
      for (const s of rowShapes) {
        if (x < s.x0 || x >= s.x1) continue;
        const u = (x - s.x0) / (s.x1 - s.x0);
        const w = (y - s.y0) / (s.y1 - s.y0);
        if (s.round && (u - 0.5) ** 2 + (w - 0.5) ** 2 > 0.25) continue;
        // Lit from the left: each shape darkens across its width.
        const light = 1 - s.shade * u * 0.6;
        for (let k = 0; k < 3; k++) c[k] = s.c[k] * light;
      }
      const i = y * width + x;
      let tex = 0;
      for (let o = 0; o < octaves.length; o++) tex += ((octaves[o][i] - 128) / 128) * weights[o];
      tex *= detail;
      const n = (rnd() + rnd() - 1) * 10;
      for (let k = 0; k < 3; k++)
        out[i * 3 + k] = Math.max(0, Math.min(255, c[k] + tex * (1 - k * 0.15) + n));
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92, chromaSubsampling: '4:2:0' })
    .toBuffer();
}
