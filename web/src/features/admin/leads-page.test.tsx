import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '@agency/shared';
import LeadsPage from './leads-page';
import { renderAdmin, signIn } from './testing';
import { fakeApi } from '../blog/testing/fake-api';

// Rendering whole pages in jsdom is slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lead = (over: Partial<Lead>): Lead => ({
  id: 'l1',
  created_at: '2025-03-05T09:30:00.000Z',
  name: 'Ravi',
  phone: '+91 98765 43210',
  email: 'ravi@example.com',
  subject: 'SEO',
  message: 'Please call me.',
  page: '/contact',
  email_status: 'sent',
  email_attempts: 1,
  ...over,
});

describe('leads inbox', () => {
  it('lists leads with mailto/tel links and notification status, and pages', async () => {
    signIn('tok-l');
    const api = fakeApi({
      listLeads: (req) =>
        req.url.searchParams.get('page') === '2'
          ? {
              body: {
                results: [lead({ id: 'l3', name: 'Older' })],
                next: null,
                previous: '/api/user/lead/list?page=1',
              },
            }
          : {
              body: {
                results: [
                  lead({}),
                  lead({
                    id: 'l2',
                    name: 'Mina',
                    email_status: 'pending',
                    email_attempts: 2,
                    page: null,
                  }),
                ],
                next: '/api/user/lead/list?page=2',
                previous: null,
              },
            },
    });
    renderAdmin('/admin/leads', { '/admin/leads': <LeadsPage /> });
    const row = (await screen.findByRole('cell', { name: 'Ravi' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByRole('link', { name: 'ravi@example.com' })).toHaveAttribute(
      'href',
      'mailto:ravi@example.com',
    );
    expect(within(row).getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    expect(within(row).getByRole('cell', { name: 'Sent' })).toBeInTheDocument();
    expect(
      screen.getByRole('cell', { name: 'Pending (retrying) (2 attempts)' }),
    ).toBeInTheDocument();
    expect(api.calls('listLeads')[0]?.headers.get('authorization')).toBe('Bearer tok-l');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'Older' })).toBeInTheDocument();
  });

  it('downloads the CSV export with the token', async () => {
    signIn('tok-csv');
    const api = fakeApi({
      listLeads: () => ({ body: { results: [lead({})], next: null, previous: null } }),
      exportLeads: () => ({ body: 'name,email\r\nRavi,ravi@example.com\r\n' }),
    });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => (blobs.push(b), 'blob:leads'),
        revokeObjectURL: () => {},
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAdmin('/admin/leads', { '/admin/leads': <LeadsPage /> });
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.calls('exportLeads')[0]?.headers.get('authorization')).toBe('Bearer tok-csv');
    expect(await blobs[0]?.text()).toBe('name,email\r\nRavi,ravi@example.com\r\n');
    const anchor = click.mock.contexts[0];
    expect(anchor).toBeInstanceOf(HTMLAnchorElement);
    if (anchor instanceof HTMLAnchorElement)
      expect(anchor.download).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
