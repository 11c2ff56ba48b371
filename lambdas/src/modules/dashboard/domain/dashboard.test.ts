import { describe, expect, it } from 'vitest';
import { DASHBOARD } from '@agency/shared';
import {
  getDashboard,
  OTHER,
  type DashboardStats,
  type PostTitles,
  type WeekCounts,
} from './dashboard';

const NOW = new Date('2030-03-13T12:00:00.000Z'); // a Wednesday; its week starts Monday 11 March

const emptyWeek = (): WeekCounts => ({
  total: 0,
  source: new Map(),
  subject: new Map(),
  landing: new Map(),
});

/** Aggregates held in maps, recording which partitions were read. */
class MemoryStats implements DashboardStats {
  weeks = new Map<string, WeekCounts>();
  status = new Map<string, number>();
  days = new Map<string, Map<number, number>>();
  read: string[] = [];
  async week(week: string) {
    this.read.push(`week ${week}`);
    return this.weeks.get(week) ?? emptyWeek();
  }
  async statuses() {
    this.read.push('statuses');
    return this.status;
  }
  viewDays: string[][] = [];
  async viewsOn(days: string[]) {
    this.read.push('views');
    this.viewDays.push(days);
    return days.map((day) => this.days.get(day) ?? new Map<number, number>());
  }
}

class MemoryTitles implements PostTitles {
  batches: number[][] = [];
  constructor(private readonly existing: Set<number>) {}
  async titles(ids: number[]) {
    this.batches.push(ids);
    return new Map(
      ids
        .filter((id) => this.existing.has(id))
        .map((id) => [id, { slug: `p-${id}`, title: `Post ${id}` }]),
    );
  }
}

describe('getDashboard', () => {
  it("reads every week and the statuses once each, all days' views in one read, and answers zero weeks and statuses", async () => {
    const stats = new MemoryStats();
    const posts = new MemoryTitles(new Set());
    const d = await getDashboard({ stats, posts }, NOW);
    expect(d.weeks.map((w) => w.week)).toEqual([
      '2029-12-24',
      '2029-12-31',
      '2030-01-07',
      '2030-01-14',
      '2030-01-21',
      '2030-01-28',
      '2030-02-04',
      '2030-02-11',
      '2030-02-18',
      '2030-02-25',
      '2030-03-04',
      '2030-03-11',
    ]);
    expect(d.weeks.every((w) => w.total === 0 && w.by_source.length === 0)).toBe(true);
    expect(d.statuses).toEqual([
      { key: 'new', count: 0 },
      { key: 'contacted', count: 0 },
      { key: 'qualified', count: 0 },
      { key: 'won', count: 0 },
      { key: 'lost', count: 0 },
      { key: 'spam', count: 0 },
    ]);
    expect(d).toMatchObject({
      landing_pages: [],
      subjects: [],
      top_posts: [],
      views_from: '2030-02-12',
      views_to: '2030-03-13',
      generated_at: NOW.toISOString(),
    });
    expect(stats.read).toHaveLength(DASHBOARD.weeks + 2);
    expect(new Set(stats.read).size).toBe(stats.read.length);
    // The views of every day of the window in one read, oldest first.
    expect(stats.viewDays).toHaveLength(1);
    expect(stats.viewDays[0]).toHaveLength(DASHBOARD.viewDays);
    expect(stats.viewDays[0]?.[0]).toBe('2030-02-12');
    expect(stats.viewDays[0]?.at(-1)).toBe('2030-03-13');
    expect(posts.batches).toEqual([]);
  });

  it('stacks each week by source, sums landing pages and subjects over the weeks, most first, the tail as Other', async () => {
    const stats = new MemoryStats();
    stats.weeks.set('2030-03-11', {
      total: 5,
      source: new Map([
        ['google', 3],
        ['direct', 2],
        ['bing', 0], // a source whose only lead became spam
      ]),
      subject: new Map([
        ['SEO', 4],
        ['Branding', 1],
      ]),
      landing: new Map([
        ['/a', 1],
        ['/b', 4],
      ]),
    });
    stats.weeks.set('2029-12-24', {
      total: 12,
      source: new Map([['newsletter', 12]]),
      subject: new Map([['Branding', 12]]),
      // Twelve pages: /p0 … /p11 with 1 lead each, and /a with one more.
      landing: new Map([
        ...Array.from({ length: 11 }, (_, i): [string, number] => [`/p${i}`, 1]),
        ['/a', 1],
      ]),
    });
    stats.weeks.set('2029-12-17', { ...emptyWeek(), total: 99, source: new Map([['old', 99]]) });
    stats.status = new Map([
      ['new', 3],
      ['won', 2],
      ['spam', 7],
    ]);
    const d = await getDashboard({ stats, posts: new MemoryTitles(new Set()) }, NOW);
    expect(d.weeks[0]).toEqual({
      week: '2029-12-24',
      total: 12,
      by_source: [{ key: 'newsletter', count: 12 }],
    });
    expect(d.weeks[11]).toEqual({
      week: '2030-03-11',
      total: 5,
      by_source: [
        { key: 'google', count: 3 },
        { key: 'direct', count: 2 },
      ],
    });
    expect(d.weeks.reduce((n, w) => n + w.total, 0)).toBe(17);
    expect(d.subjects).toEqual([
      { key: 'Branding', count: 13 },
      { key: 'SEO', count: 4 },
    ]);
    expect(d.landing_pages).toEqual([
      { key: '/b', count: 4 },
      { key: '/a', count: 2 },
      ...['/p0', '/p1', '/p10', '/p2', '/p3', '/p4', '/p5', '/p6'].map((key) => ({
        key,
        count: 1,
      })),
      { key: OTHER, count: 3 },
    ]);
    expect(d.landing_pages.reduce((n, r) => n + r.count, 0)).toBe(17);
    expect(d.statuses).toEqual([
      { key: 'new', count: 3 },
      { key: 'contacted', count: 0 },
      { key: 'qualified', count: 0 },
      { key: 'won', count: 2 },
      { key: 'lost', count: 0 },
      { key: 'spam', count: 7 },
    ]);
  });

  it('ranks posts by their views summed over the last 30 days, leaving out deleted posts and older days', async () => {
    const stats = new MemoryStats();
    stats.days.set(
      '2030-03-13',
      new Map([
        [1, 5],
        [2, 1],
      ]),
    );
    stats.days.set(
      '2030-02-12',
      new Map([
        [2, 10],
        [3, 4],
      ]),
    );
    stats.days.set('2030-02-11', new Map([[4, 1000]])); // 31 days ago: outside
    stats.days.set('2030-03-05', new Map(Array.from({ length: 15 }, (_, i) => [10 + i, 1])));
    stats.days.set('2030-03-01', new Map([[99, 50]])); // deleted since
    const posts = new MemoryTitles(
      new Set([1, 2, 3, 4, ...Array.from({ length: 15 }, (_, i) => 10 + i)]),
    );
    const d = await getDashboard({ stats, posts }, NOW);
    expect(d.top_posts).toEqual([
      { id: 2, slug: 'p-2', title: 'Post 2', views: 11 },
      { id: 1, slug: 'p-1', title: 'Post 1', views: 5 },
      { id: 3, slug: 'p-3', title: 'Post 3', views: 4 },
      ...[10, 11, 12, 13, 14, 15, 16].map((id) => ({
        id,
        slug: `p-${id}`,
        title: `Post ${id}`,
        views: 1,
      })),
    ]);
    expect(posts.batches).toHaveLength(1);
    expect(posts.batches[0]?.[0]).toBe(99);
  });

  it('gives a caller who may not read leads the views only: lead lists empty, none read, lead_figures false', async () => {
    const stats = new MemoryStats();
    stats.weeks.set('2030-03-11', { ...emptyWeek(), total: 5, source: new Map([['google', 5]]) });
    stats.status.set('new', 5);
    stats.days.set('2030-03-13', new Map([[1, 7]]));
    const posts = new MemoryTitles(new Set([1]));
    const d = await getDashboard({ stats, posts }, NOW, { leadFigures: false });
    expect(d).toMatchObject({
      weeks: [],
      landing_pages: [],
      subjects: [],
      statuses: [],
      lead_figures: false,
      top_posts: [{ id: 1, views: 7 }],
    });
    expect(stats.read).toEqual(['views']);
    expect((await getDashboard({ stats, posts }, NOW)).lead_figures).toBe(true);
  });
});
