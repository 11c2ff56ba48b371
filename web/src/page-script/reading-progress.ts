import { eachScrollFrame } from './each-scroll-frame';

/** Percent of the page scrolled, 0..100. */
export function scrolledPercent(
  scrollTop: number,
  scrollHeight: number,
  viewportHeight: number,
): number {
  const range = scrollHeight - viewportHeight;
  if (range <= 0) return 0;
  return Math.min(100, Math.max(0, (scrollTop / range) * 100));
}

/** Keeps a reading-progress bar's width at the percent of the page scrolled, once a frame at most. */
export function watchReadingProgress(bar: HTMLElement, signal?: AbortSignal): void {
  eachScrollFrame(() => {
    const el = document.documentElement;
    const percent = scrolledPercent(
      window.scrollY || el.scrollTop,
      el.scrollHeight,
      window.innerHeight,
    );
    bar.style.width = `${percent}%`;
  }, signal);
}

/** The post page's bar (features/blog/reading-progress.tsx's markup). */
export function startReadingProgress(doc: Document, signal?: AbortSignal): void {
  const bar = doc.querySelector<HTMLElement>('.reading-progress__bar');
  if (bar) watchReadingProgress(bar, signal);
}
