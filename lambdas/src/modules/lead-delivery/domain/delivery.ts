import { randomUUID } from 'node:crypto';
import type { Lead } from '@agency/shared';
import type { Logger } from '../../../platform/logger';
import {
  CHANNELS,
  type Channel,
  type LeadDeliveryStore,
  type WebhookSender,
} from '../../leads/domain/ports';
import { composeLeadWebhook } from './webhook';
import { composeLeadEmail, type LeadMailSettings, type Mailer } from './mail';

export interface LeadDeliveryDeps {
  store: LeadDeliveryStore;
  mailer: Mailer;
  mail: LeadMailSettings;
  /** The configured webhook, or null when none is (its deliveries read `off`). */
  webhook: { sender: WebhookSender; secret?: string } | null;
  log: Logger;
  /** How long a claim keeps other senders off a channel: well above each sender's own timeout. */
  leaseMs?: number;
  now?: () => number;
}

/** Default lease: SES and the webhook give up after 5 s, so a minute never expires mid-send. */
export const LEASE_MS = 60_000;

/** Wait after a failed attempt: 30 s, doubling per attempt, at most an hour. */
export const BACKOFF = { firstMs: 30_000, maxMs: 3_600_000 } as const;

/** How long to wait after the `attempts`-th failed attempt before the next one. */
export const backoffMs = (attempts: number): number =>
  Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** Math.max(0, attempts - 1));

export type DeliveryOutcome = 'sent' | 'failed' | 'skipped';

const ATTEMPTS = { email: 'email_attempts', webhook: 'webhook_attempts' } as const satisfies Record<
  Channel,
  keyof Lead
>;

/** How each channel sends a lead; null when the channel cannot send now (no webhook configured). */
function senderOf(
  deps: LeadDeliveryDeps,
  channel: Channel,
): ((lead: Lead) => Promise<void>) | null {
  if (channel === 'email') return (lead) => deps.mailer.send(composeLeadEmail(lead, deps.mail));
  const webhook = deps.webhook;
  if (!webhook) return null;
  return (lead) => {
    const message = composeLeadWebhook(lead, deps.mail.siteUrl, webhook.secret);
    return webhook.sender.post(message.body, message.headers);
  };
}

/**
 * Send one channel of a lead at most once: claim it with a lease, send, record the outcome. A
 * channel that is not pending, leased by another sender or waiting out its backoff is skipped; a
 * webhook pending while none is configured stays pending until one is. Never throws for a send
 * failure: the channel stays pending, with its backoff, for the retry job.
 */
async function deliverChannel(
  deps: LeadDeliveryDeps,
  channel: Channel,
  id: string,
): Promise<DeliveryOutcome> {
  const send = senderOf(deps, channel);
  if (!send) return 'skipped';
  const clock = deps.now ?? Date.now;
  const now = clock();
  const token = randomUUID();
  const lead = await deps.store.claim(channel, id, token, now, now + (deps.leaseMs ?? LEASE_MS));
  if (!lead) return 'skipped';
  const attempt = lead[ATTEMPTS[channel]] + 1;
  try {
    await send(lead);
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
    const retryAt = clock() + backoffMs(attempt);
    deps.log.warn('lead delivery failed; will retry', {
      leadId: id,
      channel,
      attempt,
      reason,
      retryAt: new Date(retryAt).toISOString(),
    });
    await deps.store.markFailed(channel, id, token, reason.slice(0, 500), retryAt);
    return 'failed';
  }
  await deps.store.markSent(channel, id, token, new Date(clock()).toISOString());
  deps.log.info('lead delivered', { leadId: id, channel, attempt });
  return 'sent';
}

/**
 * One bounded attempt for every pending channel of a lead, in parallel (the request path and "Not
 * spam"). Send failures are outcomes; a storage failure is thrown once every channel has finished,
 * and leaves what it touched to the retry job.
 */
export async function deliverLead(
  deps: LeadDeliveryDeps,
  id: string,
): Promise<Record<Channel, DeliveryOutcome>> {
  const outcomes: Record<Channel, DeliveryOutcome> = { email: 'skipped', webhook: 'skipped' };
  const failures: unknown[] = [];
  await Promise.all(
    CHANNELS.map(async (channel) => {
      try {
        outcomes[channel] = await deliverChannel(deps, channel, id);
      } catch (error) {
        failures.push(error);
      }
    }),
  );
  if (failures.length > 0) throw failures[0];
  return outcomes;
}

/**
 * A lead leaves spam: its held channels become pending (the webhook `off` when none is configured
 * now), then one attempt each. What the lead already had sent is not sent again.
 */
export async function releaseHeldLead(
  deps: LeadDeliveryDeps,
  id: string,
): Promise<Record<Channel, DeliveryOutcome>> {
  await deps.store.release(id, { email: 'pending', webhook: deps.webhook ? 'pending' : 'off' });
  return deliverLead(deps, id);
}

export interface ChannelSummary {
  sent: number;
  failed: number;
  skipped: number;
}
export type RetrySummary = Record<Channel, ChannelSummary>;

/** A channel's run stops after this many failures in a row: its service is down, the next run tries again. */
export const STOP_AFTER_FAILURES = 10;

/**
 * Try every pending channel of every pending lead once, a few at a time. Safe beside request
 * handlers and other runs of itself: the claim makes every channel of a lead go out once. A channel
 * that keeps failing stops early (a long SES or receiver outage never keeps a scheduled run going
 * until its time limit, nor holds up the other channel); channels in backoff are skipped.
 */
export async function retryPendingDeliveries(
  deps: LeadDeliveryDeps,
  concurrency = 4,
  stopAfterFailures = STOP_AFTER_FAILURES,
): Promise<RetrySummary> {
  const summary: RetrySummary = {
    email: { sent: 0, failed: 0, skipped: 0 },
    webhook: { sent: 0, failed: 0, skipped: 0 },
  };
  const failuresInARow: Record<Channel, number> = { email: 0, webhook: 0 };
  const stopped = new Set<Channel>();
  const channels = CHANNELS.filter((channel) => senderOf(deps, channel) !== null);
  const running = new Set<Promise<void>>();
  const record = (channel: Channel, outcome: DeliveryOutcome) => {
    summary[channel][outcome] += 1;
    if (outcome === 'failed') failuresInARow[channel] += 1;
    else if (outcome === 'sent') failuresInARow[channel] = 0;
    if (failuresInARow[channel] >= stopAfterFailures && !stopped.has(channel)) {
      stopped.add(channel);
      deps.log.warn('lead delivery retry run stopped early for a channel: sends keep failing', {
        channel,
        failuresInARow: failuresInARow[channel],
      });
    }
  };
  for await (const id of deps.store.pendingIds()) {
    if (channels.every((channel) => stopped.has(channel))) break;
    for (const channel of channels) {
      if (stopped.has(channel)) continue;
      const task = deliverChannel(deps, channel, id).then(
        (outcome) => record(channel, outcome),
        (error: unknown) => {
          // A storage failure on one lead must not stop the others; the next run picks it up again.
          record(channel, 'failed');
          deps.log.error('lead delivery retry failed', { leadId: id, channel, error });
        },
      );
      const tracked = task.finally(() => running.delete(tracked));
      running.add(tracked);
      if (running.size >= concurrency) await Promise.race(running);
    }
  }
  await Promise.all(running);
  return summary;
}
