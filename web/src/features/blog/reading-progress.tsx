import { useEffect, useRef } from 'react';
import { watchReadingProgress } from '../../page-script/reading-progress';

export { scrolledPercent } from '../../page-script/reading-progress';

/**
 * Thin bar at the top of the page whose width follows the percent scrolled. Rendered at 0 %; on a
 * public page the page script moves it (page-script/reading-progress.ts), in the app this does.
 */
export function ReadingProgress() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!bar.current) return;
    const stop = new AbortController();
    watchReadingProgress(bar.current, stop.signal);
    return () => stop.abort();
  }, []);
  return (
    <div className="reading-progress" aria-hidden="true">
      <div ref={bar} className="reading-progress__bar" style={{ width: '0%' }} />
    </div>
  );
}
