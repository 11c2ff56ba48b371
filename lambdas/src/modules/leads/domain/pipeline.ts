import type {
  Actor,
  DeliveryStatus,
  Lead,
  LeadDetail,
  LeadEvent,
  LeadStatus,
} from '@agency/shared';
import { DomainError, stale } from '../../../platform/errors';
import type { Logger } from '../../../platform/logger';
import { CHANNELS, type Channel, type LeadRepository, type LeadStats } from './ports';
import { newLeadId } from './leads-id';

export interface LeadPipelineDeps {
  leads: LeadRepository;
  stats: LeadStats;
  /** Whether a webhook is configured now: a lead leaving spam gets its webhook pending, else off. */
  webhookConfigured: boolean;
  /**
   * Sends a lead just released from spam (its channels already pending): one bounded attempt per
   * channel; whatever fails stays pending for the retry job.
   */
  notifyReleased(id: string): Promise<void>;
  log: Logger;
  now?: () => Date;
}

/** The reader-facing date of an erasure: `2025-06-01 14:05 UTC`. */
const shortTime = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** 404 for a lead that is not there, naming when and by whom it was erased if it was. */
async function missingLead(leads: LeadRepository, id: string): Promise<DomainError> {
  const erased = await leads.erasure(id);
  return erased
    ? new DomainError(
        'not-found',
        `Lead ${id} was erased on ${shortTime(erased.erased_at)} by ${erased.erased_by.email || erased.erased_by.username}.`,
      )
    : new DomainError('not-found', 'The lead was not found.');
}

/** The lead with its history, or a 404 that names an erasure. */
export async function leadDetail(
  deps: Pick<LeadPipelineDeps, 'leads'>,
  id: string,
): Promise<LeadDetail> {
  const detail = await deps.leads.detail(id);
  if (!detail) throw await missingLead(deps.leads, id);
  return detail;
}

/** Runs a stats update without letting it fail the request: figures never outrank the lead. */
async function bestEffort(log: Logger, what: string, leadId: string, run: () => Promise<void>) {
  await run().catch((error: unknown) =>
    log.error(`lead stats not updated: ${what}`, { leadId, error }),
  );
}

/**
 * Channel states to set with a status change: a lead filed as spam holds what has not gone out
 * yet (sent stays sent); a lead leaving spam gets its held channels back, e-mail pending, the
 * webhook pending when one is configured now, else off.
 */
function deliveryChange(
  lead: Lead,
  to: LeadStatus,
  webhookConfigured: boolean,
): Partial<Record<Channel, DeliveryStatus>> | undefined {
  const states = { email: lead.email_status, webhook: lead.webhook_status };
  const change: Partial<Record<Channel, DeliveryStatus>> = {};
  for (const channel of CHANNELS) {
    if (to === 'spam' && states[channel] === 'pending') change[channel] = 'held';
    if (lead.status === 'spam' && to !== 'spam' && states[channel] === 'held')
      change[channel] = channel === 'webhook' && !webhookConfigured ? 'off' : 'pending';
  }
  return Object.keys(change).length > 0 ? change : undefined;
}

export interface StatusOutcome {
  detail: LeadDetail;
  /** False when the lead already had that status (a note given is still recorded). */
  changed: boolean;
  /** True when the lead left spam and was sent to the team. */
  released: boolean;
}

const newEvent = (
  deps: Pick<LeadPipelineDeps, 'now'>,
  by: Actor,
  fields: Pick<LeadEvent, 'kind' | 'from' | 'to' | 'note'>,
): LeadEvent => {
  const now = (deps.now ?? (() => new Date()))();
  return { id: newLeadId(now.getTime()), at: now.toISOString(), by, ...fields };
};

/**
 * Move a lead to `to`, recording who did it (and an optional note). Two admins racing: the change
 * applies only from the status it was read in; on a conflict the lead is read again and the change
 * tried once more from its fresh status. Asking for the status it already has changes nothing
 * (a sales team clicking "contacted" twice expects no error) but keeps the note.
 */
export async function changeStatus(
  deps: LeadPipelineDeps,
  by: Actor,
  id: string,
  to: LeadStatus,
  note?: string,
): Promise<StatusOutcome> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const lead = await deps.leads.get(id);
    if (!lead) throw await missingLead(deps.leads, id);
    if (lead.status === to) {
      if (note) return { ...(await addNote(deps, by, id, note)), changed: false, released: false };
      return { detail: await leadDetail(deps, id), changed: false, released: false };
    }
    const event = newEvent(deps, by, { kind: 'status', from: lead.status, to, note: note ?? null });
    const delivery = deliveryChange(lead, to, deps.webhookConfigured);
    const result = await deps.leads.setStatus(id, lead.status, { to, event, delivery });
    if (result === 'missing') throw await missingLead(deps.leads, id);
    if (result === 'conflict') continue;

    await bestEffort(deps.log, 'status', id, () => deps.stats.statusChanged(lead, lead.status, to));
    const released = lead.status === 'spam' && delivery !== undefined && to !== 'spam';
    if (released)
      // Stored as pending already: a failure here only leaves the sending to the retry job.
      await deps.notifyReleased(id).catch((error: unknown) =>
        deps.log.error('released lead not sent yet; the retry job will send it', {
          leadId: id,
          error,
        }),
      );
    return { detail: await leadDetail(deps, id), changed: true, released };
  }
  throw stale('Someone else changed this lead at the same moment. Reload it and try again.');
}

/** Add a note signed by `by`; the lead with its history. */
export async function addNote(
  deps: Pick<LeadPipelineDeps, 'leads' | 'now'>,
  by: Actor,
  id: string,
  note: string,
): Promise<{ detail: LeadDetail }> {
  const event = newEvent(deps, by, { kind: 'note', from: null, to: null, note });
  if (!(await deps.leads.addNote(id, event))) throw await missingLead(deps.leads, id);
  return { detail: await leadDetail(deps, id) };
}

/**
 * Erase a lead and its history on request. What stays is that a lead existed, when, and who
 * erased it when; its week's anonymous figures stay on the dashboard.
 */
export async function eraseLead(
  deps: Pick<LeadPipelineDeps, 'leads' | 'stats' | 'log' | 'now'>,
  by: Actor,
  id: string,
): Promise<void> {
  const lead = await deps.leads.get(id);
  if (!lead) throw await missingLead(deps.leads, id);
  const erasedAt = (deps.now ?? (() => new Date()))().toISOString();
  const erased = await deps.leads.erase(id, {
    id,
    created_at: lead.created_at,
    erased_at: erasedAt,
    erased_by: by,
  });
  if (!erased) throw await missingLead(deps.leads, id);
  await bestEffort(deps.log, 'erasure', id, () => deps.stats.leadErased(erased));
}
