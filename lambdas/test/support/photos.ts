import sharp from 'sharp';
// The benchmark's seeded generator: the same seed draws the same numbers in both.
import { random } from '../../../bench/lib/photo.mjs';

/**
 * Photo-like test images made with sharp (no binary fixtures): smooth areas of colour, as a scene
 * has, with fine grain on top, as a camera sensor gives, so encoders work as hard as on a photo
 * (a flat or purely random image would compress far better or far worse than one). Seeded: the
 * same arguments give the same bytes.
 */
export interface PhotoOptions {
  width: number;
  height: number;
  seed?: number;
  /** JPEG quality of the file, as a camera writes it. */
  quality?: number;
}

/** The raw RGB pixels of a photo-like image. */
export async function photoPixels({ width, height, seed = 1 }: PhotoOptions): Promise<Buffer> {
  const rand = random(seed);
  // Random colours on a grid, enlarged smoothly: cells of `size` px become shapes and gradients.
  const layer = (size: number) => {
    const gw = Math.max(2, Math.round(width / size));
    const gh = Math.max(2, Math.round(height / size));
    const grid = Buffer.from(Array.from({ length: gw * gh * 3 }, () => Math.floor(rand() * 256)));
    return sharp(grid, { raw: { width: gw, height: gh, channels: 3 } })
      .resize(width, height, { kernel: 'cubic' })
      .raw()
      .toBuffer();
  };
  // The scene's large shapes, detail that survives resizing (foliage, texture), and sensor grain.
  const [scene, detail] = await Promise.all([layer(250), layer(30)]);
  for (let i = 0; i < scene.length; i++) {
    const value = 0.8 * (scene[i] ?? 0) + 0.2 * (detail[i] ?? 0) + (rand() - 0.5) * 16;
    scene[i] = Math.max(0, Math.min(255, Math.round(value)));
  }
  return scene;
}

/** A photo-like JPEG. */
export async function photoJpeg(options: PhotoOptions): Promise<Buffer> {
  return sharp(await photoPixels(options), {
    raw: { width: options.width, height: options.height, channels: 3 },
  })
    .jpeg({ quality: options.quality ?? 90 })
    .toBuffer();
}
