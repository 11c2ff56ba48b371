import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@agency/shared';
import DashboardPage from './dashboard-page';
import { editorData, renderAdmin, signIn } from '../shell/testing';
import { fakeApi } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const weeks = Array.from({ length: 12 }, (_, i) => {
  const week = new Date(Date.UTC(2025, 8, 1 + 7 * i)).toISOString().slice(0, 10);
  return i === 10
    ? {
        week,
        total: 3,
        by_source: [
          { key: 'newsletter', count: 2 },
          { key: 'direct', count: 1 },
        ],
      }
    : i === 11
      ? { week, total: 2, by_source: [{ key: 'google', count: 2 }] }
      : { week, total: 0, by_source: [] };
});

const sample: Dashboard = {
  generated_at: '2025-11-20T10:00:00.000Z',
  weeks,
  landing_pages: [
    { key: '/services', count: 3 },
    { key: '/blog/seo-basics', count: 2 },
  ],
  subjects: [
    { key: 'Digital marketing', count: 4 },
    { key: 'Branding', count: 1 },
  ],
  statuses: [
    { key: 'new', count: 2 },
    { key: 'contacted', count: 2 },
    { key: 'won', count: 1 },
    { key: 'spam', count: 5 },
  ],
  top_posts: [
    { id: 7, slug: 'seo-basics', title: 'SEO basics', views: 120 },
    { id: 3, slug: 'brand', title: 'Naming a brand', views: 45 },
  ],
  views_from: '2025-10-22',
  views_to: '2025-11-20',
  lead_figures: true,
};

/** The figures of a chart's table, row by row (headings included). */
const tableRows = (name: string): string[][] => {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));
};

describe('dashboard', () => {
  it('draws every chart as a named picture with the same figures as a table', async () => {
    signIn('tok-d');
    const api = fakeApi({ getDashboard: () => ({ body: { data: sample } }) });
    renderAdmin('/admin/dashboard', { '/admin/dashboard': <DashboardPage /> });
    const weekly = await screen.findByRole('img', { name: /Leads per week, by source/ });
    expect(weekly).toHaveAccessibleDescription(
      '5 leads over the 12 weeks from 1 Sept (spam left out); most from newsletter (2).',
    );
    expect(api.calls('getDashboard')[0]?.headers.get('authorization')).toBe('Bearer tok-d');
    const rows = tableRows('Leads per week, by source');
    expect(rows[0]).toEqual(['Week of', 'google', 'newsletter', 'direct', 'Total']);
    expect(rows).toHaveLength(13);
    expect(rows[11]).toEqual(['10 Nov', '0', '2', '1', '3']);
    expect(rows[12]).toEqual(['17 Nov', '2', '0', '0', '2']);
    // Each week's total is written over its column.
    expect(within(weekly).getByText('3')).toBeInTheDocument();

    expect(screen.getByRole('img', { name: 'Leads by landing page' })).toBeInTheDocument();
    expect(tableRows('Leads by landing page')).toEqual([
      ['Landing page', 'Leads'],
      ['/services', '3'],
      ['/blog/seo-basics', '2'],
    ]);
    expect(tableRows('Leads by subject')[1]).toEqual(['Digital marketing', '4']);
    expect(tableRows('Leads by status')).toEqual([
      ['Status', 'Leads', 'Share'],
      ['New', '2', '20%'],
      ['Contacted', '2', '20%'],
      ['Qualified', '0', '0%'],
      ['Won', '1', '10%'],
      ['Lost', '0', '0%'],
      ['Spam', '5', '50%'],
    ]);
    expect(screen.getByRole('img', { name: 'Leads by status' })).toHaveAccessibleDescription(
      'Every lead there is now (10, spam included), by status: New 2, Contacted 2, Won 1, Spam 5.',
    );
    expect(tableRows('Most viewed posts, 22 Oct to 20 Nov')).toEqual([
      ['Post', 'Views'],
      ['SEO basics', '120'],
      ['Naming a brand', '45'],
    ]);
    const figures = screen.getByText('Leads, last 12 weeks').closest('div');
    expect(figures).toHaveTextContent('5');
    // Spam is counted where staff look, one click from the leads it counts.
    const spam = screen.getByText('In spam').closest('div');
    if (!spam) throw new Error('no spam figure');
    expect(within(spam).getByText('5')).toBeInTheDocument();
    expect(within(spam).getByRole('link', { name: 'Review spam' })).toHaveAttribute(
      'href',
      '/admin/leads?status=spam',
    );
  });

  it('shows a table on demand', async () => {
    signIn();
    fakeApi({ getDashboard: () => ({ body: { data: sample } }) });
    renderAdmin('/admin/dashboard', { '/admin/dashboard': <DashboardPage /> });
    const toggle = (await screen.findAllByRole('button', { name: 'Show as table' }))[0];
    if (!toggle) throw new Error('no toggle');
    const table = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(table).toHaveClass('visually-hidden');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide table');
    expect(table).not.toHaveClass('visually-hidden');
  });

  it('says so when there is nothing to chart yet', async () => {
    signIn();
    fakeApi({
      getDashboard: () => ({
        body: {
          data: {
            ...sample,
            weeks: weeks.map((w) => ({ ...w, total: 0, by_source: [] })),
            landing_pages: [],
            subjects: [],
            statuses: [],
            top_posts: [],
          },
        },
      }),
    });
    renderAdmin('/admin/dashboard', { '/admin/dashboard': <DashboardPage /> });
    expect(await screen.findByText('No leads in the last 12 weeks yet.')).toBeInTheDocument();
    expect(screen.getByText('No post views from 22 Oct to 20 Nov.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('names the failure and retries', async () => {
    signIn();
    let fail = true;
    fakeApi({
      getDashboard: () =>
        fail ? { status: 503, body: { error: 'Try again later' } } : { body: { data: sample } },
    });
    renderAdmin('/admin/dashboard', { '/admin/dashboard': <DashboardPage /> });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The dashboard could not be loaded: Try again later',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: /Leads per week/ })).toBeInTheDocument();
  });

  it('shows an editor the post views only, without the lead figures and charts', async () => {
    signIn('tok-e');
    fakeApi({
      getUserData: () => editorData(),
      getDashboard: () => ({
        body: {
          data: {
            ...sample,
            weeks: [],
            landing_pages: [],
            subjects: [],
            statuses: [],
            lead_figures: false,
          },
        },
      }),
    });
    renderAdmin('/admin/dashboard', { '/admin/dashboard': <DashboardPage /> });
    expect(await screen.findByRole('heading', { name: /Most viewed posts/ })).toBeInTheDocument();
    expect(screen.queryByText(/Leads this week/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Leads per week' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Leads by status' })).not.toBeInTheDocument();
  });
});
