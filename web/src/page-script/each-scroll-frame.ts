/**
 * Runs `update` in the next frame and then once in the frame after any scroll or resize, never more
 * than once a frame, until `signal` aborts. The first run waits for a frame, not for the caller:
 * a layout read while the page script starts would make the browser lay the page out early, and
 * again once the script has changed it.
 */
export function eachScrollFrame(update: () => void, signal?: AbortSignal): void {
  let frame = 0;
  // A flag, not the frame's id: the update may run before that id is known.
  let pending = false;
  const schedule = (): void => {
    if (pending) return;
    pending = true;
    frame = window.requestAnimationFrame(() => {
      pending = false;
      update();
    });
  };
  schedule();
  window.addEventListener('scroll', schedule, { passive: true, signal });
  window.addEventListener('resize', schedule, { passive: true, signal });
  signal?.addEventListener('abort', () => window.cancelAnimationFrame(frame));
}
