import { useLead } from './api';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ANALYTICS,
  dimensionValueLabel,
  LEAD_NOTE_MAX,
  LEAD_STATUSES,
  type LeadDetail,
  type LeadEvent,
  type LeadStatus,
  type SpamReason,
} from '@agency/shared';
import { ApiError } from '../../../lib/api-client';
import { pagePath } from '../../../config/pages';
import { AdminLayout } from '../shell/admin-layout';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { TimeZoneNote } from '../ui/time-zone-note';
import {
  deliveryLabel,
  LEAD_STATUS_LABEL,
  LeadStatusBadge,
  telHref,
  type ErasedState,
  LeadStatusOptions,
} from '../ui/lead-labels';
import { useAdminApi } from '../shell/use-admin-api';
import type { ActionStatus } from '../ui/use-confirmed-delete';
import { durationText, responseClock } from './response-time';

const SPAM_REASON: Record<SpamReason, string> = {
  honeypot: 'the hidden field only robots fill was filled in',
  'too-fast': 'the form was sent faster than a person can fill it',
  admin: 'an admin marked it as spam',
};

const messageOf = (err: unknown): string =>
  err instanceof Error ? err.message : 'Something went wrong. Please try again.';

/** A term and its value; an absent value shows as a dash. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children ?? '—'}</dd>
    </>
  );
}

function ContactBlock({ lead }: { lead: LeadDetail }) {
  return (
    <section className="lead-card" aria-labelledby="lead-contact">
      <h2 id="lead-contact">Contact</h2>
      <dl className="lead-facts">
        <Fact term="Name">{lead.name}</Fact>
        <Fact term="E-mail">
          <a href={`mailto:${lead.email}`}>{lead.email}</a>
        </Fact>
        <Fact term="Phone">
          <a href={telHref(lead.phone)}>{lead.phone}</a>
        </Fact>
        <Fact term="Subject">{lead.subject}</Fact>
        <Fact term="Received">
          <time dateTime={lead.created_at}>{formatAdminDateTime(lead.created_at)}</time>
        </Fact>
      </dl>
      <h3>Message</h3>
      <p className="lead-message">{lead.message}</p>
    </section>
  );
}

function SourceBlock({ lead }: { lead: LeadDetail }) {
  return (
    <section className="lead-card" aria-labelledby="lead-source">
      <h2 id="lead-source">Source</h2>
      <dl className="lead-facts">
        <Fact term="Source">{lead.source}</Fact>
        <Fact term="Campaign source (utm_source)">{lead.utm_source}</Fact>
        <Fact term="Medium (utm_medium)">{lead.utm_medium}</Fact>
        <Fact term="Campaign (utm_campaign)">{lead.utm_campaign}</Fact>
        <Fact term="Term (utm_term)">{lead.utm_term}</Fact>
        <Fact term="Content (utm_content)">{lead.utm_content}</Fact>
        <Fact term="Google Ads click (gclid)">{lead.gclid}</Fact>
        <Fact term="Landing page">{lead.landing_page}</Fact>
        <Fact term="Referrer">{lead.referrer}</Fact>
        <Fact term="Form sent from">{lead.page}</Fact>
      </dl>
    </section>
  );
}

/** The visit the enquiry ended: where it entered, the pages seen, how long it took. */
function JourneyBlock({ lead }: { lead: LeadDetail }) {
  const journey = lead.journey;
  return (
    <section className="lead-card" aria-labelledby="lead-journey">
      <h2 id="lead-journey">Visit</h2>
      {journey ? (
        <>
          <dl className="lead-facts">
            <Fact term="Entry page">{journey.entry_page}</Fact>
            <Fact term="Time to enquiry">
              {journey.time_to_enquiry_s === null
                ? null
                : durationText(journey.time_to_enquiry_s * 1000)}
            </Fact>
            <Fact term="Channel">
              {lead.channel && dimensionValueLabel('channel', lead.channel)}
            </Fact>
            <Fact term="Country">
              {lead.country && dimensionValueLabel('country', lead.country)}
            </Fact>
            <Fact term="Device">{lead.device && dimensionValueLabel('device', lead.device)}</Fact>
          </dl>
          <h3>Pages seen ({journey.pages.length})</h3>
          {journey.pages.length > 0 ? (
            <ol className="lead-journey">
              {journey.pages.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ol>
          ) : (
            <p>The browser kept no pages.</p>
          )}
        </>
      ) : (
        <p>The browser sent no record of this visit.</p>
      )}
    </section>
  );
}

/** The 12-hour promise: when staff first answered, or how long the lead has waited. */
function PromiseBlock({ lead }: { lead: LeadDetail }) {
  const clock = responseClock(lead, Date.now());
  if (!clock) return null;
  return (
    <section className="lead-card" aria-labelledby="lead-promise">
      <h2 id="lead-promise">First response</h2>
      <p className={`lead-response lead-response--${clock.kept ? 'kept' : 'late'}`}>
        {clock.text}
        {clock.answered
          ? clock.kept
            ? ` — within the ${ANALYTICS.promiseHours}-hour promise.`
            : ` — later than the ${ANALYTICS.promiseHours}-hour promise.`
          : clock.kept
            ? ` — the ${ANALYTICS.promiseHours}-hour promise still holds.`
            : ` — past the ${ANALYTICS.promiseHours}-hour promise.`}
      </p>
      {lead.first_response_at && (
        <p>
          Answered{' '}
          <time dateTime={lead.first_response_at}>
            {formatAdminDateTime(lead.first_response_at)}
          </time>
        </p>
      )}
    </section>
  );
}

function DeliveryBlock({ lead }: { lead: LeadDetail }) {
  return (
    <section className="lead-card" aria-labelledby="lead-delivery">
      <h2 id="lead-delivery">Notifications</h2>
      <dl className="lead-facts">
        <Fact term="E-mail">{deliveryLabel(lead.email_status, lead.email_attempts)}</Fact>
        <Fact term="Webhook">{deliveryLabel(lead.webhook_status, lead.webhook_attempts)}</Fact>
      </dl>
    </section>
  );
}

function eventText(event: LeadEvent): string {
  if (event.kind === 'note') return 'Added a note';
  const to = event.to ? LEAD_STATUS_LABEL[event.to] : '?';
  return event.from ? `Status ${LEAD_STATUS_LABEL[event.from]} → ${to}` : `Status set to ${to}`;
}

function HistoryBlock({ lead }: { lead: LeadDetail }) {
  return (
    <section className="lead-card" aria-labelledby="lead-history">
      <h2 id="lead-history">History</h2>
      {lead.history.length === 0 ? (
        <p>No status changes or notes yet.</p>
      ) : (
        <ol className="lead-history">
          {lead.history.map((e) => (
            <li key={e.id}>
              <p className="lead-history__meta">
                <time dateTime={e.at}>{formatAdminDateTime(e.at)}</time> ·{' '}
                <span title={e.by.username}>{e.by.email || e.by.username}</span>
              </p>
              <p className="lead-history__what">{eventText(e)}</p>
              {e.note && <p className="lead-history__note">{e.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

interface Actions {
  /** Send a change; resolves with the server's sentence, the page showing the lead it returns. */
  run: (change: () => Promise<{ message: string; data: LeadDetail }>) => Promise<boolean>;
  busy: boolean;
}

function StatusForm({ lead, actions }: { lead: LeadDetail; actions: Actions }) {
  const api = useAdminApi();
  const id = useId();
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [note, setNote] = useState('');
  const unchanged = status === lead.status;
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const text = note.trim();
    // The same status with a note is a note: nothing moves in the pipeline.
    const done = await actions.run(() =>
      unchanged
        ? api('addLeadNote', { body: { id: lead.id, note: text } })
        : api('setLeadStatus', { body: { id: lead.id, status, note: text || undefined } }),
    );
    if (done) setNote('');
  };
  return (
    <section className="lead-card" aria-labelledby="lead-pipeline">
      <h2 id="lead-pipeline">Pipeline</h2>
      <p className="lead-pipeline__now">
        Now: <LeadStatusBadge status={lead.status} />
      </p>
      {lead.status === 'spam' && (
        <div className="lead-spam">
          <p>
            Filed as spam
            {lead.spam_reason ? `: ${SPAM_REASON[lead.spam_reason]}` : ''}. It was not e-mailed or
            sent to the webhook.
          </p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={actions.busy}
            onClick={() =>
              void actions.run(() => api('setLeadStatus', { body: { id: lead.id, status: 'new' } }))
            }
          >
            Not spam
          </button>
        </div>
      )}
      <form className="lead-form" onSubmit={(e) => void submit(e)}>
        <div className="form-field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(e) => {
              const next = LEAD_STATUSES.find((s) => s === e.target.value);
              if (next) setStatus(next);
            }}
          >
            <LeadStatusOptions />
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-note`}>Note (optional)</label>
          <textarea
            id={`${id}-note`}
            rows={3}
            maxLength={LEAD_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={actions.busy || (unchanged && note.trim() === '')}
        >
          Save
        </button>
      </form>
    </section>
  );
}

function NoteForm({ lead, actions }: { lead: LeadDetail; actions: Actions }) {
  const api = useAdminApi();
  const id = useId();
  const [note, setNote] = useState('');
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const done = await actions.run(() =>
      api('addLeadNote', { body: { id: lead.id, note: note.trim() } }),
    );
    if (done) setNote('');
  };
  return (
    <form className="lead-form lead-card" onSubmit={(e) => void submit(e)}>
      <div className="form-field">
        <label htmlFor={`${id}-note`}>Note</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          maxLength={LEAD_NOTE_MAX}
          required
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <button
        type="submit"
        className="btn btn--outline"
        disabled={actions.busy || note.trim() === ''}
      >
        Add note
      </button>
    </form>
  );
}

function EraseBlock({ lead }: { lead: LeadDetail }) {
  const api = useAdminApi();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const erase = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await api('eraseLead', { body: { id: lead.id } });
      const state: ErasedState = { notice: `The lead from ${lead.name} was erased.` };
      void navigate(pagePath('leads'), { state });
    } catch (err) {
      setError(`The lead could not be erased: ${messageOf(err)}`);
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <section className="lead-card lead-erase" aria-labelledby="lead-erase">
      <h2 id="lead-erase">Erase on request</h2>
      <p>
        Removes the contact details, message and notes for good. Only the fact that a lead was
        erased, when and by whom is kept.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="btn btn--outline btn--danger"
        onClick={() => setAsking(true)}
      >
        Erase lead
      </button>
      <ConfirmDialog
        open={asking}
        title="Erase this lead?"
        message={`The enquiry from ${lead.name} (${lead.email}), its message and its notes will be removed for good.`}
        confirmLabel="Erase"
        busy={busy}
        onConfirm={() => void erase()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}

function LeadView({ id }: { id: string }) {
  const { data, error, isLoading, mutate } = useLead(id);
  const [status, setStatus] = useState<ActionStatus>(null);
  const [busy, setBusy] = useState(false);
  const actions: Actions = {
    busy,
    run: async (change) => {
      setBusy(true);
      setStatus(null);
      try {
        const res = await change();
        await mutate({ data: res.data }, { revalidate: false });
        setStatus({ kind: 'ok', text: res.message });
        return true;
      } catch (err) {
        setStatus({ kind: 'error', text: messageOf(err) });
        return false;
      } finally {
        setBusy(false);
      }
    },
  };

  if (error && !data) {
    const gone = error instanceof ApiError && error.status === 404;
    return (
      <div className="form-error" role="alert">
        <p>{gone ? error.message : `The lead could not be loaded: ${error.message}`}</p>
        {!gone && (
          <button type="button" className="btn btn--primary" onClick={() => void mutate()}>
            Retry
          </button>
        )}
        <Link to={pagePath('leads')}>Back to the leads</Link>
      </div>
    );
  }
  if (isLoading && !data) return <p aria-busy="true">Loading the lead…</p>;
  if (!data) return null;
  const lead = data.data;
  return (
    <>
      <div
        role="status"
        className={status ? `admin-status admin-status--${status.kind}` : 'admin-status'}
      >
        {status?.text}
      </div>
      <div className="lead-page">
        <div className="lead-page__main">
          <ContactBlock lead={lead} />
          <HistoryBlock lead={lead} />
          <NoteForm lead={lead} actions={actions} />
        </div>
        <div className="lead-page__side">
          {/* Re-created per saved state, so the select starts from the lead's status again. */}
          <StatusForm key={`${lead.status}-${lead.history.length}`} lead={lead} actions={actions} />
          <PromiseBlock lead={lead} />
          <SourceBlock lead={lead} />
          <JourneyBlock lead={lead} />
          <DeliveryBlock lead={lead} />
          <EraseBlock lead={lead} />
        </div>
      </div>
    </>
  );
}

/** `/admin/leads/:id`: one enquiry with its contact details, source, pipeline, notes and history. */
export default function LeadPage() {
  const { id = '' } = useParams();
  const { data } = useLead(id);
  return (
    <AdminLayout
      title={data ? `Lead: ${data.data.name}` : 'Lead'}
      actions={<Link to={pagePath('leads')}>← All leads</Link>}
    >
      <LeadView key={id} id={id} />
      <TimeZoneNote />
    </AdminLayout>
  );
}
