import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  ANALYTICS,
  type AnalyticsDimension,
  type AnalyticsReport,
  type AnalyticsRow,
  type AnalyticsTotals,
} from '@agency/shared';
import { AdminLayout } from '../shell/admin-layout';
import { useOperation } from '../shell/use-operation';
import { downloadText } from '../ui/download';
import { AnalyticsChart } from './analytics-chart';
import {
  RANGES,
  TABLES,
  change,
  dimensionLabel,
  duration,
  percent,
  queryOf,
  reportCsv,
  rowLabel,
  viewOf,
  type AnalyticsView,
} from './analytics-data';
import './analytics.css';

/** The cards: each figure of the range and its change against the period before. */
const CARDS: {
  label: string;
  value: (t: AnalyticsTotals) => number;
  show: (n: number) => string;
}[] = [
  { label: 'Visitors', value: (t) => t.visitors, show: String },
  { label: 'Page views', value: (t) => t.pageviews, show: String },
  {
    label: 'Views per visit',
    value: (t) => t.views_per_visit,
    show: (n) => (Math.round(n * 100) / 100).toString(),
  },
  { label: 'Bounce rate', value: (t) => t.bounce_rate, show: percent },
  { label: 'Average time on page', value: (t) => t.avg_time_s, show: duration },
  { label: 'Enquiries', value: (t) => t.leads, show: String },
  { label: 'Conversion', value: (t) => t.conversion_rate, show: percent },
];

function Cards({ report }: { report: AnalyticsReport }) {
  return (
    <dl className="dash-figures an-cards">
      {CARDS.map(({ label, value, show }) => (
        <div key={label} className="dash-figures__item">
          <dt>{label}</dt>
          <dd>{show(value(report.totals))}</dd>
          <dd className="an-change">
            {change(value(report.totals), value(report.previous))}
            <span className="visually-hidden"> against the period before</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Table({
  title,
  head,
  dimension,
  rows,
  onPick,
}: {
  title: string;
  head: string;
  dimension: AnalyticsDimension;
  rows: AnalyticsRow[];
  onPick: (dimension: AnalyticsDimension, value: string) => void;
}) {
  return (
    <section className="dash-card an-table" aria-labelledby={`an-${dimension}`}>
      <h2 className="chart__title" id={`an-${dimension}`}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="dash-empty">None in this range.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table an-rows" aria-labelledby={`an-${dimension}`}>
            <thead>
              <tr>
                <th scope="col">{head}</th>
                <th scope="col">Visitors</th>
                <th scope="col">Page views</th>
                <th scope="col">Enquiries</th>
                <th scope="col">Conversion</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.name}>
                  <th scope="row">
                    <button
                      type="button"
                      className="an-pick"
                      title={`Show only ${head.toLowerCase()} ${rowLabel(dimension, r.name)}`}
                      onClick={() => onPick(dimension, r.name)}
                    >
                      {rowLabel(dimension, r.name)}
                    </button>
                  </th>
                  <td>{r.visitors}</td>
                  <td>{r.pageviews}</td>
                  <td>{r.leads}</td>
                  <td>{percent(r.conversion_rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Responses({ report }: { report: AnalyticsReport }) {
  return (
    <section className="dash-card dash-card--wide" aria-labelledby="an-promise">
      <h2 className="chart__title" id="an-promise">
        The {ANALYTICS.promiseHours}-hour promise, by week
      </h2>
      {report.responses.length === 0 ? (
        <p className="dash-empty">No enquiries in this range.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-labelledby="an-promise">
            <thead>
              <tr>
                <th scope="col">Week of</th>
                <th scope="col">Enquiries</th>
                <th scope="col">Answered</th>
                <th scope="col">Within {ANALYTICS.promiseHours} h</th>
                <th scope="col">Median time</th>
              </tr>
            </thead>
            <tbody>
              {report.responses.map((w) => (
                <tr key={w.week}>
                  <th scope="row">{w.week}</th>
                  <td>{w.leads}</td>
                  <td>{w.answered}</td>
                  <td>{percent(w.within_promise_share)}</td>
                  <td>{w.median_response_s === null ? '—' : duration(w.median_response_s)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function RangePicker({ view, go }: { view: AnalyticsView; go: (next: AnalyticsView) => void }) {
  const [custom, setCustom] = useState(view.range === 'custom');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const from = String(data.get('from') ?? '');
    const to = String(data.get('to') ?? '');
    if (from && to) go({ ...view, range: 'custom', from, to });
  };
  return (
    <div className="an-ranges">
      <div className="an-ranges__buttons" role="group" aria-label="Range">
        {RANGES.map((r) => (
          <button
            key={r.key}
            type="button"
            className="btn btn--small"
            aria-pressed={r.key === 'custom' ? custom : !custom && view.range === r.key}
            onClick={() => {
              if (r.key === 'custom') setCustom(true);
              else {
                setCustom(false);
                go({ ...view, range: r.key });
              }
            }}
          >
            {r.label}
          </button>
        ))}
      </div>
      {custom && (
        <form className="an-custom" onSubmit={submit}>
          <label>
            From <input type="date" name="from" defaultValue={view.from} required />
          </label>
          <label>
            To <input type="date" name="to" defaultValue={view.to} required />
          </label>
          <button type="submit" className="btn btn--small btn--primary">
            Show
          </button>
        </form>
      )}
    </div>
  );
}

function Report({
  report,
  pick,
}: {
  report: AnalyticsReport;
  pick: (d: AnalyticsDimension, v: string) => void;
}) {
  return (
    <>
      <p className="an-now" aria-live="polite">
        <strong>{report.now.visitors}</strong> {report.now.visitors === 1 ? 'visitor' : 'visitors'}{' '}
        on the site now
      </p>
      <Cards report={report} />
      <div className="dash-grid">
        <section className="dash-card dash-card--wide">
          <AnalyticsChart report={report} />
        </section>
        {TABLES.map((t) => (
          <Table
            key={t.key}
            title={t.title}
            head={t.head}
            dimension={t.dimension}
            rows={report[t.key]}
            onPick={pick}
          />
        ))}
        <Responses report={report} />
      </div>
      <p className="an-small">
        {report.totals.bots_dropped} {report.totals.bots_dropped === 1 ? 'hit' : 'hits'} dropped as
        bots. Visitors over a range are the sum of each day&apos;s unique visitors; no cookies are
        used.
      </p>
    </>
  );
}

function AnalyticsView() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const go = (next: AnalyticsView) => setParams(queryOf(next));
  const query: Record<string, string> = { from: view.from, to: view.to };
  if (view.filter) query[view.filter.dimension] = view.filter.value;
  const { data, error, isLoading, mutate } = useOperation('getAnalytics', { query });
  const report = data?.data;
  return (
    <>
      <div className="an-bar">
        <RangePicker key={view.range} view={view} go={go} />
        <button
          type="button"
          className="btn btn--small"
          disabled={!report}
          onClick={() => {
            if (report)
              downloadText(
                reportCsv(report),
                `analytics-${report.from}-${report.to}.csv`,
                'text/csv',
              );
          }}
        >
          Export CSV
        </button>
      </div>
      {view.filter && (
        <p className="an-filter">
          <span className="an-chip">
            {dimensionLabel(view.filter.dimension)}:{' '}
            {rowLabel(view.filter.dimension, view.filter.value)}
            <button
              type="button"
              className="an-chip__remove"
              aria-label={`Remove the filter ${dimensionLabel(view.filter.dimension)}: ${view.filter.value}`}
              onClick={() => go({ ...view, filter: null })}
            >
              ×
            </button>
          </span>
        </p>
      )}
      {error && !report ? (
        <div className="form-error" role="alert">
          <p>The analytics could not be loaded: {error.message}</p>
          <button type="button" className="btn btn--primary" onClick={() => void mutate()}>
            Retry
          </button>
        </div>
      ) : isLoading && !report ? (
        <p aria-busy="true">Loading the analytics…</p>
      ) : !report ? null : report.totals.pageviews === 0 ? (
        <>
          <p className="dash-empty">No visits in this range yet.</p>
          <Responses report={report} />
        </>
      ) : (
        <Report
          report={report}
          pick={(dimension, value) => go({ ...view, filter: { dimension, value } })}
        />
      )}
    </>
  );
}

/** `/admin/analytics`: the site's own cookieless analytics, from visit to enquiry to call-back. */
export default function AnalyticsPage() {
  return (
    <AdminLayout title="Analytics">
      <AnalyticsView />
    </AdminLayout>
  );
}
