/** A photo-like 4000 × 3000 JPEG (2–5 MB) drawn from a seed. */
export function photoJpeg(opts?: {
  seed?: number;
  width?: number;
  height?: number;
}): Promise<Buffer>;
