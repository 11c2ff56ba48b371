import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LeadsPage, { inboxQuery } from './leads-page';
import { makeLead, renderAdmin, signIn } from '../shell/testing';
import { fakeApi } from '../../blog/testing/fake-api';

// Rendering whole pages in jsdom is slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lead = makeLead;
const COUNTS = { new: 12, contacted: 4, qualified: 2, won: 1, lost: 0, spam: 3 };
const page = (results: ReturnType<typeof makeLead>[], counts = COUNTS) => ({
  body: { results, next: null, previous: null, counts },
});

describe('leads inbox', () => {
  it('redirects to the login page without a session', async () => {
    const api = fakeApi({});
    renderAdmin('/admin/leads', { '/admin/leads': <LeadsPage /> });
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('lists leads with mailto/tel links, source, status and both delivery states, and pages', async () => {
    signIn('tok-l');
    const api = fakeApi({
      listLeads: (req) =>
        req.url.searchParams.get('page') === '2'
          ? {
              body: {
                results: [lead({ id: 'l3', name: 'Older' })],
                next: null,
                previous: '/api/user/lead/list?page=1',
                counts: COUNTS,
              },
            }
          : {
              body: {
                results: [
                  lead({ id: 'l1', webhook_status: 'sent', webhook_attempts: 1 }),
                  lead({
                    id: 'l2',
                    name: 'Mina',
                    email_status: 'pending',
                    email_attempts: 2,
                    webhook_status: 'pending',
                    webhook_attempts: 3,
                    status: 'contacted',
                    source: 'google',
                    page: null,
                  }),
                ],
                next: '/api/user/lead/list?page=2',
                previous: null,
                counts: COUNTS,
              },
            },
    });
    renderAdmin('/admin/leads', { '/admin/leads': <LeadsPage /> });
    const name = await screen.findByRole('link', { name: 'Ravi' });
    expect(name).toHaveAttribute('href', '/admin/leads/l1');
    const row = name.closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByRole('link', { name: 'ravi@example.com' })).toHaveAttribute(
      'href',
      'mailto:ravi@example.com',
    );
    expect(within(row).getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    expect(within(row).getByRole('cell', { name: 'newsletter' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'New' })).toBeInTheDocument();
    expect(within(row).getByText('E-mail: Sent')).toBeInTheDocument();
    expect(within(row).getByText('Webhook: Sent')).toBeInTheDocument();
    const mina = screen.getByRole('link', { name: 'Mina' }).closest('tr');
    if (!mina) throw new Error('no row');
    expect(within(mina).getByRole('cell', { name: 'Contacted' })).toBeInTheDocument();
    expect(within(mina).getByText('E-mail: Pending (retrying) (2 attempts)')).toBeInTheDocument();
    expect(within(mina).getByText('Webhook: Pending (retrying) (3 attempts)')).toBeInTheDocument();
    expect(api.calls('listLeads')[0]?.headers.get('authorization')).toBe('Bearer tok-l');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Older' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/leads');
  });

  it('sends the filters in the address to the API and keeps them in the form', async () => {
    signIn();
    const api = fakeApi({ listLeads: () => page([lead({})]) });
    renderAdmin('/admin/leads?status=spam&source=google&from=2025-01-01&q=seo&page=2', {
      '/admin/leads': <LeadsPage />,
    });
    await screen.findByRole('link', { name: 'Ravi' });
    const sent = api.calls('listLeads')[0]?.url.searchParams;
    expect(Object.fromEntries(sent ?? [])).toEqual({
      status: 'spam',
      source: 'google',
      from: '2025-01-01',
      q: 'seo',
      page: '2',
    });
    expect(screen.getByLabelText('Status')).toHaveValue('spam');
    expect(screen.getByLabelText('Source')).toHaveValue('google');
    expect(screen.getByLabelText('From')).toHaveValue('2025-01-01');
    expect(screen.getByLabelText('Search')).toHaveValue('seo');
  });

  it('applies a chosen status at once and typed text on Filter, back to page 1, and clears', async () => {
    signIn();
    const api = fakeApi({ listLeads: () => page([lead({})]) });
    renderAdmin('/admin/leads?page=3', { '/admin/leads': <LeadsPage /> });
    await screen.findByRole('link', { name: 'Ravi' });
    const options = within(screen.getByLabelText('Status')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'All but spam',
      'New · 12',
      'Contacted · 4',
      'Qualified · 2',
      'Won · 1',
      'Lost · 0',
      'Spam · 3',
    ]);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'won' } });
    await waitFor(() => expect(api.calls('listLeads')).toHaveLength(2));
    expect(api.calls('listLeads')[1]?.url.search).toBe('?status=won&page=1');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Branding' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '  ravi ' } });
    // Typing alone sends nothing; Filter does.
    await waitFor(() => expect(api.calls('listLeads')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.calls('listLeads')).toHaveLength(4));
    expect(Object.fromEntries(api.calls('listLeads')[3]?.url.searchParams ?? [])).toEqual({
      status: 'won',
      subject: 'Branding',
      q: 'ravi',
      page: '1',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(api.calls('listLeads')).toHaveLength(5));
    expect(api.calls('listLeads')[4]?.url.search).toBe('?page=1');
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('applies a date when its field is left, and leaving a field unchanged sends nothing', async () => {
    signIn();
    const api = fakeApi({ listLeads: () => page([lead({})]) });
    renderAdmin('/admin/leads', { '/admin/leads': <LeadsPage /> });
    await screen.findByRole('link', { name: 'Ravi' });
    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '2025-03-01' } });
    expect(api.calls('listLeads')).toHaveLength(1);
    fireEvent.blur(from);
    await waitFor(() => expect(api.calls('listLeads')).toHaveLength(2));
    expect(api.calls('listLeads')[1]?.url.search).toBe('?from=2025-03-01&page=1');
    fireEvent.blur(screen.getByLabelText('To'));
    fireEvent.blur(from);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls('listLeads')).toHaveLength(2);
  });

  it('shows how many leads sit in Spam beside the default view, one click from them, filters kept', async () => {
    signIn();
    const api = fakeApi({ listLeads: () => page([lead({})]) });
    renderAdmin('/admin/leads?subject=SEO', { '/admin/leads': <LeadsPage /> });
    await screen.findByRole('link', { name: 'Ravi' });
    const views = screen.getByRole('navigation', { name: 'Lead views' });
    expect(within(views).getByRole('link', { name: 'All but spam' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const spam = within(views).getByRole('link', { name: 'Spam · 3' });
    expect(spam).not.toHaveAttribute('aria-current');
    fireEvent.click(spam);
    await waitFor(() => expect(api.calls('listLeads')).toHaveLength(2));
    expect(Object.fromEntries(api.calls('listLeads')[1]?.url.searchParams ?? [])).toEqual({
      subject: 'SEO',
      status: 'spam',
      page: '1',
    });
    expect(screen.getByLabelText('Status')).toHaveValue('spam');
    await waitFor(() =>
      expect(within(views).getByRole('link', { name: 'Spam · 3' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
  });

  it('leaves out an address value the API would refuse', () => {
    const { filters, page } = inboxQuery(
      new URLSearchParams('status=hot&from=2025-13-45&subject=Branding&page=x'),
    );
    expect(filters).toEqual({ subject: 'Branding' });
    expect(page).toBe(1);
  });

  it('says when no lead matches the filters', async () => {
    signIn();
    fakeApi({ listLeads: () => page([]) });
    renderAdmin('/admin/leads?status=lost', { '/admin/leads': <LeadsPage /> });
    expect(await screen.findByText('No leads match these filters.')).toBeInTheDocument();
  });

  it('downloads the CSV export with the token', async () => {
    signIn('tok-csv');
    const api = fakeApi({
      listLeads: () => page([lead({})]),
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
    expect(api.calls('exportLeads')[0]?.url.search).toBe('');
  });

  it('exports the filtered leads with the filters', async () => {
    signIn();
    const api = fakeApi({
      listLeads: () => page([lead({})]),
      exportLeads: () => ({ body: 'name\r\nRavi\r\n' }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:leads', revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAdmin('/admin/leads?status=won&q=ravi&page=2', { '/admin/leads': <LeadsPage /> });
    fireEvent.click(await screen.findByRole('button', { name: 'Export these as CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(api.calls('exportLeads')[0]?.url.searchParams ?? [])).toEqual({
      status: 'won',
      q: 'ravi',
    });
  });
});
