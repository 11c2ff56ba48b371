import * as z from 'zod';
import {
  slackText,
  webhookSignature,
  type WebhookMessage,
} from '../../lead-delivery/domain/webhook';

/** What CloudWatch publishes to an alarm's SNS topic on a state change (the fields read here). */
const alarmMessage = z.object({
  AlarmName: z.string(),
  AlarmDescription: z.string().nullish(),
  NewStateValue: z.enum(['ALARM', 'OK', 'INSUFFICIENT_DATA']),
  NewStateReason: z.string().nullish(),
  StateChangeTime: z.string().nullish(),
  AlarmArn: z.string().nullish(),
});

/** One SNS notice as the topic delivers it: CloudWatch's alarm JSON, or an AWS Budgets text. */
export interface TopicNotice {
  subject?: string | null;
  message: string;
}

/** Longest text posted: Slack folds long messages, and a notice is read on a phone. */
export const NOTICE_TEXT_MAX = 3_000;

const STATE_LINE: Record<z.infer<typeof alarmMessage>['NewStateValue'], string> = {
  ALARM: ':rotating_light: *ALARM*',
  OK: ':white_check_mark: *OK again*',
  INSUFFICIENT_DATA: ':grey_question: *No data*',
};

/** The console page of an alarm, from its ARN (`arn:aws:cloudwatch:<region>:<account>:alarm:<name>`). */
export function alarmConsoleUrl(arn: string): string | undefined {
  const match = /^arn:aws[\w-]*:cloudwatch:([a-z0-9-]+):\d{12}:alarm:(.+)$/.exec(arn);
  if (!match) return undefined;
  const [, region, name] = match as unknown as [string, string, string];
  return `https://${region}.console.aws.amazon.com/cloudwatch/home?region=${region}#alarmsV2:alarm/${encodeURIComponent(name)}`;
}

const clip = (text: string): string =>
  text.length <= NOTICE_TEXT_MAX ? text : `${text.slice(0, NOTICE_TEXT_MAX - 1)}…`;

/**
 * The Slack-compatible text of an alarm topic notice: an alarm's state, name, why it changed, what
 * it means (its description, which README's Operations table expands) and a link to it; anything
 * else the topic carries (an AWS Budgets notice) as its subject and text.
 */
export function noticeText(notice: TopicNotice): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(notice.message);
  } catch {
    parsed = undefined;
  }
  const alarm = alarmMessage.safeParse(parsed);
  if (!alarm.success) {
    const subject = notice.subject?.trim();
    return clip(
      [subject ? `:bell: *${slackText(subject)}*` : ':bell:', slackText(notice.message.trim())]
        .filter(Boolean)
        .join('\n'),
    );
  }
  const a = alarm.data;
  const url = a.AlarmArn ? alarmConsoleUrl(a.AlarmArn) : undefined;
  const lines = [
    `${STATE_LINE[a.NewStateValue]} ${slackText(a.AlarmName)}`,
    a.NewStateReason ? slackText(a.NewStateReason) : '',
    a.NewStateValue === 'ALARM' && a.AlarmDescription ? `_${slackText(a.AlarmDescription)}_` : '',
    // The URL is built from the ARN's region and the encoded name: nothing in it can close <…|…>.
    url ? `<${url}|Open the alarm in CloudWatch>` : '',
  ];
  return clip(lines.filter(Boolean).join('\n'));
}

/** The webhook request of a notice: Slack's `{ text }`, signed as lead webhooks are when a key is set. */
export function composeNoticeWebhook(notice: TopicNotice, secret?: string): WebhookMessage {
  const body = JSON.stringify({ text: noticeText(notice) });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret) headers['x-signature'] = webhookSignature(body, secret);
  return { body, headers };
}
