import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LeadPage from './lead-page';
import LeadsPage from './leads-page';
import { durationText, responseClock } from './response-time';
import { makeLead, renderAdmin, signIn } from '../shell/testing';
import { fakeApi } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const ARRIVED = '2025-03-05T09:30:00.000Z';
const at = (minutes: number) => new Date(Date.parse(ARRIVED) + minutes * 60_000).toISOString();

describe('the 12-hour promise clock', () => {
  it('says durations as staff read them', () => {
    expect(durationText(45 * 60_000)).toBe('45 min');
    expect(durationText(130 * 60_000)).toBe('2 h 10 min');
    expect(durationText(180 * 60_000)).toBe('3 h');
    expect(durationText((2 * 24 + 4) * 3_600_000)).toBe('2 d 4 h');
  });

  it('is answered-in once staff answered, waiting until then, nothing for spam', () => {
    const now = Date.parse(at(13 * 60));
    expect(
      responseClock({ created_at: ARRIVED, first_response_at: at(130), status: 'contacted' }, now),
    ).toEqual({ text: 'Answered in 2 h 10 min', kept: true, answered: true });
    expect(
      responseClock({ created_at: ARRIVED, first_response_at: null, status: 'new' }, now),
    ).toEqual({ text: 'Waiting 13 h', kept: false, answered: false });
    expect(
      responseClock({ created_at: ARRIVED, first_response_at: null, status: 'spam' }, now),
    ).toBeNull();
  });
});

describe('inbox response column', () => {
  it('shows each lead answered in or waiting, and no clock on spam', async () => {
    vi.useFakeTimers({ now: Date.parse(at(3 * 60)), toFake: ['Date'] });
    signIn('tok-r');
    fakeApi({
      listLeads: () => ({
        body: {
          results: [
            makeLead({
              id: 'a',
              name: 'Answered',
              first_response_at: at(130),
              status: 'contacted',
            }),
            makeLead({ id: 'w', name: 'Waiting' }),
            makeLead({ id: 's', name: 'Spammer', status: 'spam', spam_reason: 'honeypot' }),
          ],
          next: null,
          previous: null,
          counts: { new: 1, contacted: 1, qualified: 0, won: 0, lost: 0, spam: 1 },
        },
      }),
    });
    renderAdmin('/admin/leads', { '/admin/leads': <LeadsPage /> });
    const rowOf = async (name: string) =>
      (await screen.findByRole('link', { name })).closest('tr') ?? document.body;
    expect(within(await rowOf('Answered')).getByText('Answered in 2 h 10 min')).toBeInTheDocument();
    expect(within(await rowOf('Waiting')).getByText('Waiting 3 h')).toBeInTheDocument();
    expect(within(await rowOf('Spammer')).queryByText(/Waiting|Answered in/)).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Response' })).toBeInTheDocument();
  });
});

describe('lead view: visit and first response', () => {
  it('shows the entry page, the pages seen in order, the time to enquiry and the promise kept', async () => {
    signIn('tok-v');
    fakeApi({
      getLead: () => ({
        body: {
          data: makeLead({
            status: 'contacted',
            first_response_at: at(130),
            channel: 'email',
            country: 'CH',
            device: 'mobile',
            journey: {
              entry_page: '/services/seo',
              pages: ['/services/seo', '/blog/one', '/contact-us'],
              started_at: at(-12),
              time_to_enquiry_s: 12 * 60,
            },
          }),
        },
      }),
    });
    renderAdmin(`/admin/leads/01JD0000000000000000000001`, { '/admin/leads/:id': <LeadPage /> });
    const visit = await screen.findByRole('region', { name: 'Visit' });
    expect(within(visit).getByText('/services/seo', { selector: 'dd' })).toBeInTheDocument();
    expect(within(visit).getByText('12 min')).toBeInTheDocument();
    expect(within(visit).getByText('Switzerland', { selector: 'dd' })).toBeInTheDocument();
    expect(within(visit).getByText('E-mail', { selector: 'dd' })).toBeInTheDocument();
    expect(within(visit).getByText('Mobile', { selector: 'dd' })).toBeInTheDocument();
    expect(
      within(within(visit).getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['/services/seo', '/blog/one', '/contact-us']);
    const promise = screen.getByRole('region', { name: 'First response' });
    expect(promise).toHaveTextContent('Answered in 2 h 10 min — within the 12-hour promise.');
  });

  it('says when the browser kept no visit, and shows no promise clock on spam', async () => {
    signIn('tok-s');
    fakeApi({
      getLead: () => ({
        body: { data: makeLead({ status: 'spam', spam_reason: 'honeypot' }) },
      }),
    });
    renderAdmin(`/admin/leads/01JD0000000000000000000001`, { '/admin/leads/:id': <LeadPage /> });
    const visit = await screen.findByRole('region', { name: 'Visit' });
    expect(visit).toHaveTextContent('The browser sent no record of this visit.');
    expect(screen.queryByRole('region', { name: 'First response' })).toBeNull();
  });
});
