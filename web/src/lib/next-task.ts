/**
 * Run `f` in a task of its own after the current one, or as the page is left if that comes first.
 * Work that can wait a moment (storage, analytics, the cookie notice) then does not lengthen the
 * task that starts the page: on a slow phone a task over 50 ms holds up any input that arrives
 * meanwhile, which Lighthouse counts as blocking time.
 */
export function inNextTask(f: () => void): void {
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    removeEventListener('pagehide', run);
    f();
  };
  addEventListener('pagehide', run);
  setTimeout(run, 0);
}
