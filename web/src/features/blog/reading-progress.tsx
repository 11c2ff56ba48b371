import { useEffect, useState } from 'react';

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

/** Thin bar at the top of the page whose width follows the percent scrolled. */
export function ReadingProgress() {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    let frame = 0;
    const update = (): void => {
      frame = 0;
      const el = document.documentElement;
      setPercent(
        scrolledPercent(window.scrollY || el.scrollTop, el.scrollHeight, window.innerHeight),
      );
    };
    const onScroll = (): void => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);
  return (
    <div className="reading-progress" aria-hidden="true">
      <div className="reading-progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
