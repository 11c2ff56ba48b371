/**
 * Fixed-window limits count per wall-clock window (`windowOf` in platform/rate-limit.ts), so a probe
 * that runs across a window's end starts counting again part-way and sees one answer too many
 * before the 429. Wait, when the window has less than `needMs` left, until the next one begins.
 */
export async function clearOfWindowEnd(windowMs: number, needMs = 15_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
