import { DASHBOARD, lastDays, lastWeeks, LEAD_STATUSES, type Dashboard } from '@agency/shared';

/** The figures of one week (Monday UTC) of leads, spam excluded. */
export interface WeekCounts {
  total: number;
  source: Map<string, number>;
  subject: Map<string, number>;
  landing: Map<string, number>;
}

/** The aggregates the dashboard reads: each method a few small items, never a scan. */
export interface DashboardStats {
  week(week: string): Promise<WeekCounts>;
  /** Leads per status, as stored (a status never reached is absent). */
  statuses(): Promise<Map<string, number>>;
  /** Views per post id on each of the UTC days, in their order; one read for all of them. */
  viewsOn(days: string[]): Promise<Map<number, number>[]>;
}

/** Titles and slugs of posts by id; a deleted post is absent. */
export interface PostTitles {
  titles(ids: number[]): Promise<Map<number, { slug: string; title: string }>>;
}

export interface DashboardDeps {
  stats: DashboardStats;
  posts: PostTitles;
}

/** The row the tail of a long list is summed into. */
export const OTHER = 'Other';

type Row = { key: string; count: number };

const mostFirst = (a: Row, b: Row) => b.count - a.count || (a.key < b.key ? -1 : 1);

/** Rows with a positive count, most first (ties by key, so the order is stable). */
const rowsOf = (counts: Map<string, number>): Row[] =>
  [...counts]
    .filter(([, count]) => count > 0)
    .map(([key, count]) => ({ key, count }))
    .sort(mostFirst);

/** The top rows, then one `Other` row summing the rest when there is a rest. */
function withOther(counts: Map<string, number>): Row[] {
  const rows = rowsOf(counts);
  if (rows.length <= DASHBOARD.topRows) return rows;
  const rest = rows.slice(DASHBOARD.topRows).reduce((n, r) => n + r.count, 0);
  return [...rows.slice(0, DASHBOARD.topRows), { key: OTHER, count: rest }];
}

/** Adds every count of `from` into `into`. */
function sumInto<K>(into: Map<K, number>, from: Map<K, number>): Map<K, number> {
  for (const [k, n] of from) into.set(k, (into.get(k) ?? 0) + n);
  return into;
}

/**
 * The most viewed posts over the days: candidates are twice as many as shown, read in one batch, so
 * a deleted post among the most viewed is left out without leaving the list short.
 */
async function topPosts(
  deps: DashboardDeps,
  views: Map<number, number>,
): Promise<Dashboard['top_posts']> {
  const ranked = [...views]
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || a - b)
    .slice(0, DASHBOARD.topPosts * 2);
  if (ranked.length === 0) return [];
  const titles = await deps.posts.titles(ranked.map(([id]) => id));
  return ranked
    .flatMap(([id, n]) => {
      const post = titles.get(id);
      return post ? [{ id, slug: post.slug, title: post.title, views: n }] : [];
    })
    .slice(0, DASHBOARD.topPosts);
}

/**
 * The admin dashboard at `now`: leads per week for the last DASHBOARD.weeks weeks by source, landing
 * pages and subjects over those weeks, every status's count, and the most viewed posts of the last
 * DASHBOARD.viewDays days. Reads one partition per week and the statuses, and the day items of
 * views at once, all in parallel, then the top posts' titles: the work does not grow with the
 * number of leads or views. Without `leadFigures` (a caller who may not list leads), the lead
 * parts are empty lists and `lead_figures` is false.
 */
export async function getDashboard(
  deps: DashboardDeps,
  now: Date,
  { leadFigures = true }: { leadFigures?: boolean } = {},
): Promise<Dashboard> {
  const weekKeys = leadFigures ? lastWeeks(now, DASHBOARD.weeks) : [];
  const days = lastDays(now, DASHBOARD.viewDays);
  // Someone who may not read leads gets none of their figures, and none are even read for them.
  const [weeks, statuses, dailyViews] = await Promise.all([
    Promise.all(weekKeys.map(async (week) => ({ week, ...(await deps.stats.week(week)) }))),
    leadFigures ? deps.stats.statuses() : new Map<string, number>(),
    deps.stats.viewsOn(days),
  ]);
  const landing = new Map<string, number>();
  const subjects = new Map<string, number>();
  for (const w of weeks) {
    sumInto(landing, w.landing);
    sumInto(subjects, w.subject);
  }
  const views = dailyViews.reduce((all, day) => sumInto(all, day), new Map<number, number>());
  return {
    generated_at: now.toISOString(),
    weeks: weeks.map((w) => ({
      week: w.week,
      total: Math.max(0, w.total),
      by_source: rowsOf(w.source),
    })),
    landing_pages: withOther(landing),
    subjects: withOther(subjects),
    statuses: leadFigures
      ? LEAD_STATUSES.map((key) => ({ key, count: Math.max(0, statuses.get(key) ?? 0) }))
      : [],
    top_posts: await topPosts(deps, views),
    views_from: days[0] ?? '',
    views_to: days.at(-1) ?? '',
    lead_figures: leadFigures,
  };
}
