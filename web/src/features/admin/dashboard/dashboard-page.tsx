import { useDashboard } from './api';
import { Link } from 'react-router';
import { DASHBOARD, LEAD_STATUSES, type Dashboard } from '@agency/shared';
import { AdminLayout } from '../shell/admin-layout';
import { BarList } from './charts/bar-list';
import { ShareBar } from './charts/share-bar';
import { StackedColumns } from './charts/stacked-columns';
import { pagePath } from '../../../config/pages';
import { LEAD_STATUS_LABEL } from '../ui/lead-labels';

/** "3 Nov" for a UTC day `YYYY-MM-DD`. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The most of a count list, for a chart's description ("most from google (12)"). */
const most = (rows: readonly { key: string; count: number }[]): string =>
  rows[0] ? `${rows[0].key} (${rows[0].count})` : 'none';

function Figures({ dashboard }: { dashboard: Dashboard }) {
  const total = dashboard.weeks.reduce((sum, w) => sum + w.total, 0);
  const thisWeek = dashboard.weeks.at(-1)?.total ?? 0;
  const fresh = dashboard.statuses.find((s) => s.key === 'new')?.count ?? 0;
  const won = dashboard.statuses.find((s) => s.key === 'won')?.count ?? 0;
  const spam = dashboard.statuses.find((s) => s.key === 'spam')?.count ?? 0;
  const figures: [term: string, value: number, more?: { href: string; text: string }][] = [
    [`Leads, last ${DASHBOARD.weeks} weeks`, total],
    ['Leads this week', thisWeek],
    ['New, not yet contacted', fresh],
    ['Won', won],
    // Kept, never notified: counted here so a real enquiry filed as spam is noticed.
    ['In spam', spam, { href: `${pagePath('leads')}?status=spam`, text: 'Review spam' }],
  ];
  return (
    <dl className="dash-figures">
      {figures.map(([term, value, more]) => (
        <div key={term} className="dash-figures__item">
          <dt>{term}</dt>
          <dd>{value}</dd>
          {more && (
            <dd className="dash-figures__more">
              <Link to={more.href}>{more.text}</Link>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

function Charts({ dashboard, leadFigures }: { dashboard: Dashboard; leadFigures: boolean }) {
  const { weeks, landing_pages, subjects, statuses, top_posts } = dashboard;
  const first = weeks[0]?.week;
  const span = first ? `the ${weeks.length} weeks from ${shortDay(first)}` : 'no weeks';
  const total = weeks.reduce((sum, w) => sum + w.total, 0);
  const sources = new Map<string, number>();
  for (const w of weeks)
    for (const s of w.by_source) sources.set(s.key, (sources.get(s.key) ?? 0) + s.count);
  const bySource = [...sources.entries()]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count);
  // Every status has its place, in pipeline order, so its fill means the same on every visit.
  const shares = LEAD_STATUSES.map((key) => ({
    label: LEAD_STATUS_LABEL[key],
    count: statuses.find((s) => s.key === key)?.count ?? 0,
  }));
  const allLeads = shares.reduce((sum, s) => sum + s.count, 0);
  const viewSpan = `${shortDay(dashboard.views_from)} to ${shortDay(dashboard.views_to)}`;
  return (
    <div className="dash-grid">
      {leadFigures && (
        <>
          <section className="dash-card dash-card--wide" aria-label="Leads per week">
            {total === 0 ? (
              <>
                <h2 className="chart__title">Leads per week</h2>
                <p className="dash-empty">No leads in the last {DASHBOARD.weeks} weeks yet.</p>
              </>
            ) : (
              <StackedColumns
                title="Leads per week, by source"
                description={`${plural(total, 'lead')} over ${span} (spam left out); most from ${most(bySource)}.`}
                head="Week of"
                columns={weeks.map((w) => ({ label: shortDay(w.week), segments: w.by_source }))}
              />
            )}
          </section>
          <section className="dash-card" aria-label="Leads by landing page">
            {landing_pages.length === 0 ? (
              <>
                <h2 className="chart__title">Leads by landing page</h2>
                <p className="dash-empty">No leads with a landing page yet.</p>
              </>
            ) : (
              <BarList
                title="Leads by landing page"
                description={`The first page of the visit of each lead over ${span}; most: ${most(landing_pages)}.`}
                head="Landing page"
                unit="Leads"
                rows={landing_pages.map((r) => ({ label: r.key, count: r.count }))}
              />
            )}
          </section>
          <section className="dash-card" aria-label="Leads by subject">
            {subjects.length === 0 ? (
              <>
                <h2 className="chart__title">Leads by subject</h2>
                <p className="dash-empty">No leads yet.</p>
              </>
            ) : (
              <BarList
                title="Leads by subject"
                description={`Subjects chosen over ${span}; most: ${most(subjects)}.`}
                head="Subject"
                unit="Leads"
                rows={subjects.map((r) => ({ label: r.key, count: r.count }))}
              />
            )}
          </section>
          <section className="dash-card dash-card--wide" aria-label="Leads by status">
            {allLeads === 0 ? (
              <>
                <h2 className="chart__title">Leads by status</h2>
                <p className="dash-empty">No leads yet.</p>
              </>
            ) : (
              <ShareBar
                title="Leads by status"
                description={`Every lead there is now (${allLeads}, spam included), by status: ${shares
                  .filter((s) => s.count > 0)
                  .map((s) => `${s.label} ${s.count}`)
                  .join(', ')}.`}
                head="Status"
                shares={shares}
              />
            )}
          </section>
        </>
      )}
      <section className="dash-card dash-card--wide" aria-label="Most viewed posts">
        {top_posts.length === 0 ? (
          <>
            <h2 className="chart__title">Most viewed posts</h2>
            <p className="dash-empty">No post views from {viewSpan}.</p>
          </>
        ) : (
          <BarList
            title={`Most viewed posts, ${viewSpan}`}
            description={`Views of the ${plural(top_posts.length, 'most viewed post')} over the last ${DASHBOARD.viewDays} days; most: ${top_posts[0]?.title} (${top_posts[0]?.views}).`}
            head="Post"
            unit="Views"
            rows={top_posts.map((p) => ({ label: p.title, count: p.views }))}
          />
        )}
      </section>
    </div>
  );
}

function DashboardView() {
  const { data, error, isLoading, mutate } = useDashboard();
  if (error && !data)
    return (
      <div className="form-error" role="alert">
        <p>The dashboard could not be loaded: {error.message}</p>
        <button type="button" className="btn btn--primary" onClick={() => void mutate()}>
          Retry
        </button>
      </div>
    );
  if (isLoading && !data) return <p aria-busy="true">Loading the dashboard…</p>;
  if (!data) return null;
  // Roles that may not read leads get the views part only (`lead_figures: false`, empty lead lists).
  const leadFigures = data.data.lead_figures;
  return (
    <>
      {leadFigures && <Figures dashboard={data.data} />}
      <Charts dashboard={data.data} leadFigures={leadFigures} />
    </>
  );
}

/** `/admin/dashboard`: how the site brings leads, from the figures the server keeps as they arrive. */
export default function DashboardPage() {
  return (
    <AdminLayout title="Dashboard">
      <DashboardView />
    </AdminLayout>
  );
}
