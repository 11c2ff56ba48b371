import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEAD_STATUSES, type LeadDetail, type LeadEvent } from '@agency/shared';
import LeadPage from './lead-page';
import LeadsPage from './leads-page';
import { makeLead, renderAdmin, signIn } from '../shell/testing';
import { fakeApi } from '../../blog/testing/fake-api';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ID = '01JD0000000000000000000001';
const routes = {
  '/admin/leads/:id': <LeadPage />,
  '/admin/leads': <LeadsPage />,
};
const by = { username: 'u-1', email: 'ada@example.com' };
const event = (over: Partial<LeadEvent>): LeadEvent => ({
  id: 'e1',
  at: '2025-03-06T10:00:00.000Z',
  by,
  kind: 'note',
  from: null,
  to: null,
  note: null,
  ...over,
});

/** An API holding one lead that status changes and notes update, as the server would. */
function leadApi(initial: LeadDetail) {
  let lead = initial;
  const api = fakeApi({
    getLead: () => ({ body: { data: lead } }),
    setLeadStatus: (req) => {
      const to = LEAD_STATUSES.find((s) => s === req.body.status) ?? 'new';
      lead = {
        ...lead,
        status: to,
        history: [
          ...lead.history,
          event({
            id: `e${lead.history.length + 1}`,
            kind: 'status',
            from: lead.status,
            to,
            note: req.body.note ?? null,
          }),
        ],
      };
      return { body: { message: 'The lead was updated.', data: lead } };
    },
    addLeadNote: (req) => {
      lead = {
        ...lead,
        history: [
          ...lead.history,
          event({ id: `e${lead.history.length + 1}`, note: req.body.note ?? '' }),
        ],
      };
      return { status: 201, body: { message: 'The note was added.', data: lead } };
    },
    eraseLead: () => ({ body: { message: 'The lead was erased.', data: { id: lead.id } } }),
    listLeads: () => ({
      body: {
        results: [],
        next: null,
        previous: null,
        counts: { new: 0, contacted: 0, qualified: 0, won: 0, lost: 0, spam: 0 },
      },
    }),
  });
  return api;
}

describe('lead page', () => {
  it('shows contact links, the message, the whole source and both delivery states', async () => {
    signIn('tok-lead');
    const api = leadApi(
      makeLead({
        referrer: 'https://news.example.com/nov',
        webhook_status: 'pending',
        webhook_attempts: 2,
      }),
    );
    renderAdmin(`/admin/leads/${ID}`, routes);
    expect(await screen.findByRole('link', { name: 'ravi@example.com' })).toHaveAttribute(
      'href',
      'mailto:ravi@example.com',
    );
    expect(screen.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Lead: Ravi' })).toBeInTheDocument();
    expect(screen.getByText('Please call me.')).toBeInTheDocument();
    const source = within(screen.getByRole('region', { name: 'Source' }));
    const fact = (term: string) =>
      source.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Source')).toBe('newsletter');
    expect(fact('Medium (utm_medium)')).toBe('email');
    expect(fact('Campaign (utm_campaign)')).toBe('nov');
    expect(fact('Term (utm_term)')).toBe('—');
    expect(fact('Landing page')).toBe('/services?utm_source=newsletter');
    expect(fact('Referrer')).toBe('https://news.example.com/nov');
    expect(fact('Form sent from')).toBe('/contact');
    const delivery = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(delivery.getByText('Sent')).toBeInTheDocument();
    expect(delivery.getByText('Pending (retrying) (2 attempts)')).toBeInTheDocument();
    expect(api.calls('getLead')[0]?.url.searchParams.get('id')).toBe(ID);
    expect(api.calls('getLead')[0]?.headers.get('authorization')).toBe('Bearer tok-lead');
  });

  it('moves the lead with a note, then shows who did what in the history', async () => {
    signIn();
    const api = leadApi(makeLead({}));
    renderAdmin(`/admin/leads/${ID}`, routes);
    await screen.findByText('No status changes or notes yet.');
    const pipeline = within(screen.getByRole('region', { name: 'Pipeline' }));
    expect(pipeline.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(pipeline.getByLabelText('Status'), { target: { value: 'contacted' } });
    fireEvent.change(pipeline.getByLabelText('Note (optional)'), {
      target: { value: 'Called, meeting Friday' },
    });
    fireEvent.click(pipeline.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The lead was updated.')).toBeInTheDocument();
    expect(api.calls('setLeadStatus')[0]?.body).toEqual({
      id: ID,
      status: 'contacted',
      note: 'Called, meeting Friday',
    });
    const history = within(screen.getByRole('region', { name: 'History' }));
    expect(history.getByText('Status New → Contacted')).toBeInTheDocument();
    expect(history.getByText('Called, meeting Friday')).toBeInTheDocument();
    expect(history.getByText('ada@example.com')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Pipeline' })).getByLabelText('Status'),
    ).toHaveValue('contacted');
  });

  it('adds a note without moving the lead', async () => {
    signIn();
    const api = leadApi(makeLead({}));
    renderAdmin(`/admin/leads/${ID}`, routes);
    const note = await screen.findByLabelText('Note');
    expect(screen.getByRole('button', { name: 'Add note' })).toBeDisabled();
    fireEvent.change(note, { target: { value: 'Sent the proposal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('The note was added.')).toBeInTheDocument();
    expect(api.calls('addLeadNote')[0]?.body).toEqual({ id: ID, note: 'Sent the proposal' });
    expect(api.calls('setLeadStatus')).toHaveLength(0);
    expect(screen.getByLabelText('Note')).toHaveValue('');
    expect(
      within(screen.getByRole('region', { name: 'History' })).getByText('Sent the proposal'),
    ).toBeInTheDocument();
  });

  it('says why a lead is spam and "Not spam" moves it back to new', async () => {
    signIn();
    const api = leadApi(
      makeLead({
        status: 'spam',
        spam_reason: 'too-fast',
        email_status: 'held',
        webhook_status: 'held',
      }),
    );
    renderAdmin(`/admin/leads/${ID}`, routes);
    expect(await screen.findByText(/sent faster than a person can fill it/)).toBeInTheDocument();
    expect(screen.getAllByText('Held (spam)')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Not spam' }));
    await screen.findByText('The lead was updated.');
    expect(api.calls('setLeadStatus')[0]?.body).toEqual({ id: ID, status: 'new' });
    expect(screen.queryByRole('button', { name: 'Not spam' })).not.toBeInTheDocument();
  });

  it('erases after confirmation and returns to the inbox with a notice', async () => {
    signIn();
    const api = leadApi(makeLead({}));
    renderAdmin(`/admin/leads/${ID}`, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Erase lead' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Erase this lead?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('eraseLead')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Erase lead' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('The lead from Ravi was erased.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/leads$/);
    expect(api.calls('eraseLead')[0]?.body).toEqual({ id: ID });
  });

  it("shows the server's message for an erased lead", async () => {
    signIn();
    fakeApi({
      getLead: () => ({
        status: 404,
        body: { error: 'This lead was erased on 6 March 2025.' },
      }),
    });
    renderAdmin(`/admin/leads/${ID}`, routes);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This lead was erased on 6 March 2025.',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Back to the leads' })).toHaveAttribute(
        'href',
        '/admin/leads',
      ),
    );
  });
});
