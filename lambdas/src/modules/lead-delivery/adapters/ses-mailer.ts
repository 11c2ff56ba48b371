import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { Mailer, MailMessage } from '../domain/mail';
import { cachedClient } from '../../../platform/aws/clients';

/** The SES client (loaded by the handlers that send mail only). */
export const sesClient = cachedClient(() => new SESv2Client({ maxAttempts: 2 }));

/** How long one send may take before it counts as failed (the lead stays pending for the retry job). */
export const SEND_TIMEOUT_MS = 5_000;

/** Lead notifications through SESv2 SendEmail (simple content: a text and an HTML part). */
export class SesMailer implements Mailer {
  constructor(
    private readonly ses: SESv2Client,
    private readonly timeoutMs: number = SEND_TIMEOUT_MS,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const data = (text: string) => ({ Data: text, Charset: 'UTF-8' });
    await this.ses.send(
      new SendEmailCommand({
        FromEmailAddress: message.from,
        Destination: { ToAddresses: message.to },
        ReplyToAddresses: message.replyTo,
        // The identity's default configuration set publishes bounces and complaints with these.
        ...(message.tags
          ? { EmailTags: Object.entries(message.tags).map(([Name, Value]) => ({ Name, Value })) }
          : {}),
        Content: {
          Simple: {
            Subject: data(message.subject),
            Body: { Text: data(message.text), Html: data(message.html) },
          },
        },
      }),
      { abortSignal: AbortSignal.timeout(this.timeoutMs) },
    );
  }
}
