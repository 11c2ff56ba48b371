import { ENV_NAMES as N } from '@agency/shared';
import type { WebhookSender } from '../domain/lead-ports';
import { leadWebhookEnv, type LeadWebhookEnv } from '../lib/env';
import { ssmSecret } from './ssm-secret';

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
