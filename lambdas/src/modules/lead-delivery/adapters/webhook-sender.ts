import { ENV_NAMES as N } from '@agency/shared';
import type { LeadDeliveryDeps } from '../domain/delivery';
import type { WebhookSender } from '../../leads/domain/ports';
import { leadWebhookEnv, type LeadWebhookEnv } from '../../../platform/env';
import type { Logger } from '../../../platform/logger';
import { ssmSecret } from '../../../platform/aws/ssm-secret';

/** How long one webhook request may take before it counts as failed (the lead stays pending). */
export const WEBHOOK_TIMEOUT_MS = 5_000;

/** A webhook request that did not succeed; the message says how (status, timeout, network). */
export class WebhookError extends Error {
  override readonly name = 'WebhookError';
}

/** What went wrong with a request: fetch says only "fetch failed" and puts the reason (ECONNREFUSED…) in its cause. */
function failureOf(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const cause: unknown = error.cause;
  if (cause instanceof Error) return `${error.message} (${cause.message})`;
  return error.name === 'TimeoutError' ? 'no answer in time' : error.message;
}

/** Posts to the configured URL with global fetch. Redirects count as failures (a POST must not turn into a GET). */
export class FetchWebhookSender implements WebhookSender {
  constructor(
    private readonly url: string,
    private readonly timeoutMs: number = WEBHOOK_TIMEOUT_MS,
  ) {}

  async post(body: string, headers: Record<string, string>): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        body,
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new WebhookError(`the request failed: ${failureOf(error)}`, { cause: error });
    }
    // Read the answer to the end so the connection is free for the next request.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok)
      throw new WebhookError(`the receiver answered ${response.status} ${response.statusText}`);
  }
}

export interface WebhookSettings {
  url: string;
  /** The signing key, when one is configured. */
  secret?: string;
}

/** The value of a setting or of the SSM SecureString it names (AWS), or undefined when neither is set. */
const valueOf = (value: string | undefined, parameter: string | undefined) =>
  value !== undefined ? Promise.resolve(value) : parameter ? ssmSecret(parameter) : undefined;

/**
 * The lead webhook's URL and signing key (LEAD_WEBHOOK_URL / LEAD_WEBHOOK_SECRET locally, the SSM
 * SecureStrings named by the *_PARAM variables in AWS, read once per cold start), or null when no
 * webhook is configured. What SSM holds is checked like the variables would be.
 */
export async function webhookSettings(
  env: LeadWebhookEnv = leadWebhookEnv(),
): Promise<WebhookSettings | null> {
  const [url, secret] = await Promise.all([
    valueOf(env.url, env.urlParameter),
    valueOf(env.secret, env.secretParameter),
  ]);
  if (url === undefined) return null;
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url))
    throw new Error(`${env.urlParameter ?? N.leadWebhookUrl} holds no http(s) URL`);
  if (secret !== undefined && secret.length < 16)
    throw new Error(
      `${env.secretParameter ?? N.leadWebhookSecret} holds no signing key of at least 16 characters`,
    );
  return secret === undefined ? { url } : { url, secret };
}

/** Whether a webhook is configured, without reading SSM: decides a new lead's webhook state (pending or off). */
export function webhookConfigured(env: LeadWebhookEnv = leadWebhookEnv()): Promise<boolean> {
  return Promise.resolve(env.url !== undefined || env.urlParameter !== undefined);
}

/** Stands in for the webhook while its settings cannot be read: every attempt fails, saying why. */
class UnreadableWebhookSettings implements WebhookSender {
  constructor(private readonly reason: string) {}

  post(): Promise<void> {
    return Promise.reject(new WebhookError(`its settings could not be read: ${this.reason}`));
  }
}

/**
 * The webhook channel of the delivery deps, or null when none is configured. Settings that cannot
 * be read (SSM down, a parameter missing or malformed) fail each webhook attempt, so the webhook
 * stays pending with the reason on the lead, and the e-mail still goes out.
 */
export async function webhookChannel(
  log: Logger,
  env: LeadWebhookEnv = leadWebhookEnv(),
): Promise<LeadDeliveryDeps['webhook']> {
  try {
    const settings = await webhookSettings(env);
    if (!settings) return null;
    const sender = new FetchWebhookSender(settings.url);
    return settings.secret ? { sender, secret: settings.secret } : { sender };
  } catch (error) {
    log.error('lead webhook settings could not be read', { error });
    const reason = error instanceof Error ? error.message : 'unknown error';
    return { sender: new UnreadableWebhookSettings(reason) };
  }
}
