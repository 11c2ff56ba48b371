/** Deterministic pseudo-random numbers in [0, 1) from a seed (mulberry32). */
export function random(seed: number): () => number;

/** A photo-like 4000 × 3000 JPEG (2–5 MB) drawn from a seed. */
export function photoJpeg(opts?: {
  seed?: number;
  width?: number;
  height?: number;
}): Promise<Buffer>;
