import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { Context } from 'cognito-local/lib/services/context';
import type { DeliveryDetails } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import type { Messages } from 'cognito-local/lib/services/messages';
import type { User } from 'cognito-local/lib/services/userPoolService';
import { ACCOUNT_EMAILS } from '@agency/shared';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../provisioning/provision';

/**
 * The user pool's e-mails, delivered to the SES stand-in (its inbox is the one `npm start`
 * prints) instead of cognito-local's console box: in AWS the pool sends them through SES with the
 * ACCOUNT_EMAILS templates the CDK sets (invitation = AdminCreateUser's temporary password,
 * verification = ForgotPassword's code), `{username}` and `{####}` replaced. Sources we have no
 * template for get Cognito's default verification message. SMS is not used by this pool.
 */
type Source = Parameters<Messages['deliver']>[1];

/** Cognito's default verification e-mail (the pool's VerificationMessageTemplate when unset). */
const DEFAULT_VERIFICATION = {
  subject: 'Your verification code',
  body: 'Your verification code is {####}. ',
} as const;

function templateOf(source: Source): { subject: string; body: string } {
  if (source === 'AdminCreateUser') return ACCOUNT_EMAILS.invitation;
  if (source === 'ForgotPassword') return ACCOUNT_EMAILS.passwordReset;
  return DEFAULT_VERIFICATION;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One of the pool's e-mails, rendered as Cognito renders its templates. */
export function renderAccountEmail(
  source: Source,
  username: string,
  code: string,
): { subject: string; html: string; text: string } {
  const template = templateOf(source);
  // Replacer functions: a `$` in a generated password must not be read as a pattern.
  const html = template.body
    .replaceAll('{username}', () => escapeHtml(username))
    .replaceAll('{####}', () => escapeHtml(code));
  const text = template.body
    .replaceAll('{username}', () => username)
    .replaceAll('{####}', () => code)
    .replace(/<br\s*\/?>/g, '\n');
  return { subject: template.subject, html, text };
}

/**
 * cognito-local's Messages service, sending e-mail through SES. The stand-in's address is asked
 * on each send, so a stopped and restarted SES stand-in keeps receiving.
 */
export class SesAccountMessages implements Messages {
  constructor(private readonly ses: () => { endpoint: string; from: string }) {}

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
    const mail = renderAccountEmail(source, username, code);
    const { endpoint, from } = this.ses();
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
    } finally {
      client.destroy();
    }
  }
}
