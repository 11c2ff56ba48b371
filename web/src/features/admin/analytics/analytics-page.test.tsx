import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsReport, AnalyticsRow, AnalyticsTotals } from '@agency/shared';
import AnalyticsPage from './analytics-page';
import { reportCsv } from './analytics-data';
import { renderAdmin, signIn } from '../shell/testing';
import { fakeApi } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  // jsdom draws nothing: the chart stays empty, as in a browser without canvas.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const row = (name: string, visitors: number, pageviews: number, leads = 0): AnalyticsRow => ({
  name,
  visitors,
  pageviews,
  leads,
  conversion_rate: visitors ? leads / visitors : 0,
  visits: visitors,
  bounce_rate: 0.5,
  avg_time_s: 30,
});

const totals = (visitors: number, pageviews: number, leads: number): AnalyticsTotals => ({
  visitors,
  pageviews,
  visits: visitors,
  views_per_visit: visitors ? pageviews / visitors : 0,
  bounce_rate: 0.4,
  avg_time_s: 65,
  bots_dropped: 7,
  leads,
  conversion_rate: visitors ? leads / visitors : 0,
});

/** A report for a request: the whole site, or only campaign `spring` when so filtered. */
function reportFor(q: URLSearchParams): AnalyticsReport {
  const from = q.get('from') ?? '';
  const to = q.get('to') ?? '';
  const spring = q.get('campaign') === 'spring';
  return {
    from,
    to,
    filter: spring ? { dimension: 'campaign', value: 'spring' } : null,
    totals: spring ? totals(1, 3, 1) : totals(40, 100, 2),
    previous: totals(20, 100, 0),
    interval: from === to ? 'hour' : 'day',
    series: [{ at: from, visitors: 40, pageviews: 100 }],
    pages: spring
      ? [row('/services', 1, 1), row('/blog/seo', 1, 1), row('/contact', 1, 1)]
      : [row('/', 30, 60), row('/services', 10, 40, 2)],
    entry_pages: [row('/services', 10, 40, 1)],
    channels: spring ? [row('email', 1, 3, 1)] : [row('email', 1, 3, 1), row('direct', 39, 97, 1)],
    sources: [row('newsletter', 1, 3, 1)],
    campaigns: spring
      ? [row('spring', 1, 3, 1)]
      : [row('spring', 1, 3, 1), row('autumn, "late"', 2, 2)],
    countries: [row('GB', 40, 100, 2)],
    devices: [row('desktop', 40, 100, 2)],
    now: { visitors: 3 },
    responses: [
      {
        week: '2026-11-23',
        leads: 2,
        answered: 2,
        within_promise: 1,
        within_promise_share: 0.5,
        median_response_s: 5400,
      },
    ],
    generated_at: '2026-11-28T12:00:00.000Z',
  };
}

function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

/** The address's query as the router has it now. */
const search = (): HTMLElement | undefined => screen.getAllByTestId('search')[0];

function open(path = '/admin/analytics?range=7d') {
  signIn('tok-a');
  const api = fakeApi({
    getAnalytics: (req) => ({ body: { data: reportFor(req.url.searchParams) } }),
  });
  renderAdmin(path, {
    '/admin/analytics': (
      <>
        <AnalyticsPage />
        <Search />
      </>
    ),
  });
  return api;
}

const day = (offset: number): string =>
  new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

const rowsOf = (name: string): string[][] =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));

describe('the analytics page', () => {
  it('shows the cards with their change, visitors now, and every table', async () => {
    const api = open();
    await screen.findByRole('table', { name: 'Campaigns' });
    expect(screen.getByText(/visitors on the site now/)).toHaveTextContent(
      '3 visitors on the site now',
    );
    const visitors = screen.getByText('Visitors', { selector: 'dt' }).closest('div');
    expect(visitors).toHaveTextContent('40▲ 100%');
    const bounce = screen.getByText('Bounce rate', { selector: 'dt' }).closest('div');
    expect(bounce).toHaveTextContent('40%no change');
    expect(screen.getByText('Enquiries', { selector: 'dt' }).closest('div')).toHaveTextContent(
      '2new',
    );
    expect(rowsOf('Channels')).toEqual([
      ['Channel', 'Visitors', 'Page views', 'Enquiries', 'Conversion'],
      ['E-mail', '1', '3', '1', '100%'],
      ['Direct', '39', '97', '1', '2.6%'],
    ]);
    expect(rowsOf('Countries')[1]?.[0]).toBe('United Kingdom');
    expect(rowsOf('Devices')[1]?.[0]).toBe('Desktop');
    expect(screen.getByText(/7 hits dropped as bots/)).toHaveTextContent(
      "Visitors over a range are the sum of each day's unique visitors; no cookies are used.",
    );
    expect(rowsOf('The 12-hour promise, by week')[1]).toEqual([
      '2026-11-23',
      '2',
      '2',
      '50%',
      '1h 30m',
    ]);
    const asked = api.calls('getAnalytics')[0];
    expect(asked?.headers.get('authorization')).toBe('Bearer tok-a');
    expect(asked?.url.searchParams.get('from')).toBe(day(6));
    expect(asked?.url.searchParams.get('to')).toBe(day(0));
  });

  it('narrows everything to a row clicked, keeps it in the address, and drops it from the chip', async () => {
    const api = open();
    const campaigns = await screen.findByRole('table', { name: 'Campaigns' });
    fireEvent.click(within(campaigns).getByRole('button', { name: 'spring' }));
    await waitFor(() => expect(search()).toHaveTextContent('?range=7d&campaign=spring'));
    await waitFor(() => expect(rowsOf('Top pages')).toHaveLength(4));
    expect(api.calls('getAnalytics').at(-1)?.url.searchParams.get('campaign')).toBe('spring');
    expect(screen.getByText('Visitors', { selector: 'dt' }).closest('div')).toHaveTextContent(
      '1▼ 95%',
    );
    expect(screen.getByText('Page views', { selector: 'dt' }).closest('div')).toHaveTextContent(
      '3▼ 97%',
    );
    // One filter at a time: another row replaces it.
    fireEvent.click(
      within(screen.getByRole('table', { name: 'Channels' })).getByRole('button', {
        name: 'E-mail',
      }),
    );
    await waitFor(() => expect(search()).toHaveTextContent('?range=7d&channel=email'));
    expect(screen.getByText(/^Channel:/)).toHaveTextContent('Channel: E-mail');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the filter Channel: email' }));
    await waitFor(() => expect(search()).toHaveTextContent(/^\?range=7d$/));
    // The whole site's figures again.
    await waitFor(() =>
      expect(screen.getByText('Visitors', { selector: 'dt' }).closest('div')).toHaveTextContent(
        '40▲ 100%',
      ),
    );
    expect(screen.queryByText(/^Channel:/)).toBeNull();
  });

  it('changes the range: presets and two dates', async () => {
    const api = open('/admin/analytics');
    await screen.findByRole('table', { name: 'Campaigns' });
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() =>
      expect(api.calls('getAnalytics').at(-1)?.url.searchParams.get('from')).toBe(day(0)),
    );
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() =>
      expect(api.calls('getAnalytics').at(-1)?.url.searchParams.get('from')).toBe(day(29)),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(search()).toHaveTextContent('?range=custom&from=2026-01-01&to=2026-01-31'),
    );
    const last = api.calls('getAnalytics').at(-1)?.url.searchParams;
    expect([last?.get('from'), last?.get('to')]).toEqual(['2026-01-01', '2026-01-31']);
  });

  it('exports what is shown as CSV: the totals and every table under its name', async () => {
    open('/admin/analytics?range=7d&campaign=spring');
    await screen.findByText('Campaign: spring');
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      if (b instanceof Blob) blobs.push(b);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const text = await blobs[0]?.text();
    const lines = (text ?? '').split('\r\n');
    expect(lines.slice(0, 5)).toEqual([
      `Analytics,${day(6)} to ${day(0)}`,
      'Filter,Campaign: spring',
      '',
      'Totals,Value',
      'Visitors,1',
    ]);
    expect(lines).toContain('Enquiries,1');
    expect(lines).toContain('Conversion,100%');
    const channels = lines.indexOf('Channels');
    expect(lines.slice(channels, channels + 3)).toEqual([
      'Channels',
      'Channel,Visitors,Page views,Enquiries,Conversion',
      'E-mail,1,3,1,100%',
    ]);
  });

  it('quotes CSV cells with commas, quotes or a leading formula sign', () => {
    const report = reportFor(new URLSearchParams({ from: '2026-01-01', to: '2026-01-07' }));
    const csv = reportCsv(report);
    expect(csv).toContain('"autumn, ""late""",2,2,0,0%');
    expect(reportCsv({ ...report, campaigns: [row('=cmd()', 1, 1)] })).toContain(
      '"=cmd()",1,1,0,0%',
    );
  });

  it('says when there are no visits in the range', async () => {
    signIn();
    const api = fakeApi({
      getAnalytics: (req) => ({
        body: { data: { ...reportFor(req.url.searchParams), totals: totals(0, 0, 0) } },
      }),
    });
    renderAdmin('/admin/analytics', { '/admin/analytics': <AnalyticsPage /> });
    expect(await screen.findByText('No visits in this range yet.')).toBeInTheDocument();
    expect(api.calls('getAnalytics')).toHaveLength(1);
  });

  it('offers a retry when the figures could not be loaded', async () => {
    signIn();
    fakeApi({ getAnalytics: () => ({ status: 500, body: { error: 'Internal error' } }) });
    renderAdmin('/admin/analytics', { '/admin/analytics': <AnalyticsPage /> });
    expect(await screen.findByRole('alert')).toHaveTextContent('The analytics could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
