import { useEffect, useRef } from 'react';
import type { AnalyticsReport } from '@agency/shared';
import 'uplot/dist/uPlot.min.css';

const CHART_HEIGHT = 260;

/** The x value (Unix seconds) of a series point: an ISO hour, or a UTC day. */
const secondsOf = (at: string): number =>
  Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(at) ? `${at}T00:00:00Z` : at) / 1000;

/**
 * Visitors and page views over the range (by hour for one day, by day otherwise), drawn by uPlot
 * to the width of its card and redrawn as that changes. The figures are also in the cards and the
 * CSV; the chart's name says what it shows.
 */
export function AnalyticsChart({ report }: { report: AnalyticsReport }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    // No canvas to draw on (an old browser, a test's DOM): the cards and tables still say it all.
    if (!el || !document.createElement('canvas').getContext('2d')) return;
    let alive = true;
    let plot: {
      destroy: () => void;
      setSize: (s: { width: number; height: number }) => void;
    } | null = null;
    let observer: ResizeObserver | null = null;
    void import('uplot')
      .then(({ default: UPlot }) => {
        if (!alive) return;
        const hourly = report.interval === 'hour';
        const x = report.series.map((p) => secondsOf(p.at));
        plot = new UPlot(
          {
            width: Math.max(el.clientWidth, 280),
            height: CHART_HEIGHT,
            // UTC, as the range's days are.
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
            scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 4)] } },
            axes: [
              { values: hourly ? '{HH}:{mm}' : '{D} {MMM}' },
              { values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) },
            ],
            series: [
              {},
              { label: 'Visitors', stroke: '#1f5fbf', width: 2, fill: 'rgba(31,95,191,0.08)' },
              { label: 'Page views', stroke: '#c2410c', width: 2 },
            ],
          },
          [x, report.series.map((p) => p.visitors), report.series.map((p) => p.pageviews)],
          el,
        );
        observer = new ResizeObserver(() =>
          plot?.setSize({ width: Math.max(el.clientWidth, 280), height: CHART_HEIGHT }),
        );
        observer.observe(el);
      })
      .catch(() => {
        // The chart's chunk failed to load: the cards and tables still say it all.
      });
    return () => {
      alive = false;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [report]);
  const total = report.series.reduce((s, p) => s + p.pageviews, 0);
  return (
    <figure className="an-chart">
      <figcaption className="chart__title">
        Visitors and page views, by {report.interval === 'hour' ? 'hour' : 'day'}
      </figcaption>
      <div
        ref={box}
        className="an-chart__plot"
        role="img"
        aria-label={`Visitors and page views by ${report.interval} from ${report.from} to ${report.to}: ${total} page views.`}
      />
    </figure>
  );
}
