import { randomUUID } from 'node:crypto';
import type { Logger } from '../lib/logger';
import { composeLeadEmail, type Mailer, type MailSettings } from './mail';
import type { LeadRepository } from './leads';

export interface LeadMailDeps {
  leads: LeadRepository;
  mailer: Mailer;
  mail: MailSettings;
  log: Logger;
  /** How long a claim keeps others off a lead: well above the mailer's own timeout. */
  leaseMs?: number;
  now?: () => number;
}

/** Default lease: the SES adapter gives up after seconds, so a minute never expires mid-send. */
export const LEASE_MS = 60_000;

export type DeliveryOutcome = 'sent' | 'failed' | 'skipped';

/**
 * Send a lead's e-mail at most once: claim the lead with a lease, send, record the outcome. A lead
 * that is already sent or claimed by another sender is skipped. Never throws for a mail failure: the
 * lead stays pending for the retry job.
 */
export async function deliverLeadEmail(deps: LeadMailDeps, id: string): Promise<DeliveryOutcome> {
  const now = (deps.now ?? Date.now)();
  const token = randomUUID();
  const lead = await deps.leads.claim(id, token, now, now + (deps.leaseMs ?? LEASE_MS));
  if (!lead) return 'skipped';
  try {
    await deps.mailer.send(composeLeadEmail(lead, deps.mail));
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
    deps.log.warn('lead e-mail failed; will retry', {
      leadId: id,
      attempt: lead.email_attempts + 1,
      reason,
    });
    await deps.leads.markFailed(id, token, reason.slice(0, 500));
    return 'failed';
  }
  await deps.leads.markSent(id, token, new Date((deps.now ?? Date.now)()).toISOString());
  deps.log.info('lead e-mail sent', { leadId: id, attempt: lead.email_attempts + 1 });
  return 'sent';
}

export interface RetrySummary {
  sent: number;
  failed: number;
  skipped: number;
}

/** A run stops after this many failures in a row: the mail service is down, the next run tries again. */
export const STOP_AFTER_FAILURES = 10;

/**
 * Try every pending lead e-mail once, a few at a time. Safe to run beside request handlers and other
 * runs of itself: the claim makes every lead go out once. Stops early when sends keep failing, so a
 * long SES outage never keeps a scheduled run going until its time limit.
 */
export async function retryPendingLeadEmails(
  deps: LeadMailDeps,
  concurrency = 4,
  stopAfterFailures = STOP_AFTER_FAILURES,
): Promise<RetrySummary> {
  const summary: RetrySummary = { sent: 0, failed: 0, skipped: 0 };
  let failuresInARow = 0;
  const running = new Set<Promise<void>>();
  for await (const id of deps.leads.pendingIds()) {
    if (failuresInARow >= stopAfterFailures) {
      deps.log.warn('lead e-mail retry run stopped early: sends keep failing', { failuresInARow });
      break;
    }
    const task = deliverLeadEmail(deps, id).then(
      (outcome) => {
        summary[outcome] += 1;
        if (outcome === 'failed') failuresInARow += 1;
        else if (outcome === 'sent') failuresInARow = 0;
      },
      (error: unknown) => {
        // A storage failure on one lead must not stop the others; the next run picks it up again.
        summary.failed += 1;
        failuresInARow += 1;
        deps.log.error('lead e-mail retry failed', { leadId: id, error });
      },
    );
    const tracked = task.finally(() => running.delete(tracked));
    running.add(tracked);
    if (running.size >= concurrency) await Promise.race(running);
  }
  await Promise.all(running);
  return summary;
}
