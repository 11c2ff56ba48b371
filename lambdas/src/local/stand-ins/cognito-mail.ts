import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { Context } from 'cognito-local/lib/services/context';
import type { DeliveryDetails } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import type { Messages } from 'cognito-local/lib/services/messages';
import type { User } from 'cognito-local/lib/services/userPoolService';
import { ACCOUNT_EMAILS } from '@agency/shared';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './credentials';

/**
 * The user pool's e-mails, delivered to the SES stand-in (its inbox is the one `npm start`
 * prints) instead of cognito-local's console box: in AWS the pool sends them through SES with the
 * ACCOUNT_EMAILS templates the CDK sets with the stage's site address (invitation =
 * AdminCreateUser's temporary password, verification = ForgotPassword's code), `{username}` and
 * `{####}` replaced; here the site address is the local stack's. Sources we have no
 * template for get Cognito's default verification message. SMS is not used by this pool.
 */
type Source = Parameters<Messages['deliver']>[1];

/** Cognito's default verification e-mail (the pool's VerificationMessageTemplate when unset). */
const DEFAULT_VERIFICATION = {
  subject: 'Your verification code',
  body: 'Your verification code is {####}. ',
} as const;

function templateOf(source: Source, siteUrl: string): { subject: string; body: string } {
  const ours =
    source === 'AdminCreateUser'
      ? ACCOUNT_EMAILS.invitation
      : source === 'ForgotPassword'
        ? ACCOUNT_EMAILS.passwordReset
        : null;
  return ours ? { subject: ours.subject, body: ours.body(siteUrl) } : DEFAULT_VERIFICATION;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One of the pool's e-mails, rendered as Cognito renders its templates. */
export function renderAccountEmail(
  source: Source,
  username: string,
  code: string,
  siteUrl: string,
): { subject: string; html: string; text: string } {
  const template = templateOf(source, siteUrl);
  // Replacer functions: a `$` in a generated password must not be read as a pattern.
  // Cognito fills {username} in invitations only ("You can't use the {username} placeholder in
  // verification email messages", developerguide/cognito-user-pool-settings-message-templates.html).
  const named = source === 'AdminCreateUser' ? username : '{username}';
  const html = template.body
    .replaceAll('{username}', () => escapeHtml(named))
    .replaceAll('{####}', () => escapeHtml(code));
  const text = template.body
    .replaceAll('{username}', () => named)
    .replaceAll('{####}', () => code)
    .replace(/<br\s*\/?>/g, '\n')
    // Our templates' links show their address as their text: the text part keeps the address.
    .replace(/<\/?a\b[^>]*>/g, '');
  return { subject: template.subject, html, text };
}

/**
 * cognito-local's Messages service, sending e-mail through SES. The stand-in's address is asked
 * on each send, so a stopped and restarted SES stand-in keeps receiving.
 */
export class SesAccountMessages implements Messages {
  constructor(
    private readonly ses: () => { endpoint: string; from: string; siteUrl: string },
    /** The error the pool answers when the mail cannot be sent (CodeDeliveryFailureException). */
    private readonly deliveryFailed: () => Error,
  ) {}

  async deliver(
    ctx: Context,
    source: Source,
    _clientId: string | null,
    _userPoolId: string,
    user: User,
    code: string,
    _clientMetadata: Record<string, string> | undefined,
    deliveryDetails: DeliveryDetails,
  ): Promise<void> {
    if (deliveryDetails.DeliveryMedium !== 'EMAIL' || !deliveryDetails.Destination) {
      ctx.logger.warn({ source }, 'the local user pool sends e-mail only');
      return;
    }
    // The pool signs in with e-mail addresses: the invitation names the address the person types.
    const username = user.Attributes.find((a) => a.Name === 'email')?.Value ?? user.Username;
    const { endpoint, from, siteUrl } = this.ses();
    const mail = renderAccountEmail(source, username, code, siteUrl);
    const client = new SESv2Client({
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      endpoint,
      maxAttempts: 1,
    });
    const data = (text: string) => ({ Data: text, Charset: 'UTF-8' });
    try {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [deliveryDetails.Destination] },
          Content: {
            Simple: {
              Subject: data(mail.subject),
              Body: { Html: data(mail.html), Text: data(mail.text) },
            },
          },
        }),
      );
    } catch (error) {
      ctx.logger.error({ source, error }, 'the SES stand-in did not take the e-mail');
      throw this.deliveryFailed();
    } finally {
      client.destroy();
    }
  }
}
