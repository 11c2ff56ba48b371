import type { SNSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alarmConsoleUrl, NOTICE_TEXT_MAX, noticeText } from '../domain/alarm-notice';
import { resetEnv } from '../../../platform/env';
import { startWebhookReceiver } from '../../../local/webhook/receiver';
import { handler } from './alarm-webhook';

/** What CloudWatch publishes to the alarm topic when `API 5xx rate` goes to ALARM. */
const alarmJson = (state: 'ALARM' | 'OK', name = 'AgencySite-prod API 5xx rate') =>
  JSON.stringify({
    AlarmName: name,
    AlarmDescription: 'More than 5% of API requests answered 5xx <in 2 of 3 periods>.',
    AWSAccountId: '123456789012',
    NewStateValue: state,
    NewStateReason: 'Threshold Crossed: 2 out of the last 3 datapoints [7.5 (27/11/26 10:00:00)]',
    StateChangeTime: '2026-11-27T10:05:00.000+0000',
    Region: 'EU (Ireland)',
    AlarmArn: `arn:aws:cloudwatch:eu-west-1:123456789012:alarm:${name}`,
    OldStateValue: state === 'ALARM' ? 'OK' : 'ALARM',
    Trigger: { MetricName: 'ApiServerErrorRate' },
  });

const snsOf = (...notices: { subject?: string; message: string }[]): SNSEvent => ({
  Records: notices.map((n, i) => ({
    EventSource: 'aws:sns',
    EventVersion: '1.0',
    EventSubscriptionArn: 'arn:aws:sns:eu-west-1:123456789012:alarms:sub',
    Sns: {
      Type: 'Notification',
      MessageId: `msg-${i}`,
      TopicArn: 'arn:aws:sns:eu-west-1:123456789012:alarms',
      Subject: n.subject ?? '',
      Message: n.message,
      Timestamp: '2026-11-27T10:05:00.000Z',
      SignatureVersion: '1',
      Signature: '',
      SigningCertUrl: '',
      UnsubscribeUrl: '',
      MessageAttributes: {},
    },
  })),
});

describe('alarm notice text', () => {
  it('says the state, the alarm, why, what it means and links the alarm', () => {
    const text = noticeText({ subject: 'ALARM: …', message: alarmJson('ALARM') });
    const lines = text.split('\n');
    expect(lines[0]).toBe(':rotating_light: *ALARM* AgencySite-prod API 5xx rate');
    expect(lines[1]).toContain('Threshold Crossed');
    // Slack's three control characters are escaped in the description.
    expect(lines[2]).toBe('_More than 5% of API requests answered 5xx &lt;in 2 of 3 periods&gt;._');
    expect(lines[3]).toBe(
      '<https://eu-west-1.console.aws.amazon.com/cloudwatch/home?region=eu-west-1#alarmsV2:alarm/AgencySite-prod%20API%205xx%20rate|Open the alarm in CloudWatch>',
    );
  });

  it('says when an alarm is OK again, without the description', () => {
    const text = noticeText({ message: alarmJson('OK') });
    expect(text.split('\n')[0]).toBe(':white_check_mark: *OK again* AgencySite-prod API 5xx rate');
    expect(text).not.toContain('More than 5%');
  });

  it('passes a budget notice on as its subject and text, clipped for a phone', () => {
    const text = noticeText({
      subject: 'AWS Budgets: AgencySite-prod monthly has exceeded your alert threshold',
      message: `AWS Budget Notification\n${'x'.repeat(5_000)}`,
    });
    expect(text.startsWith(':bell: *AWS Budgets: AgencySite-prod monthly')).toBe(true);
    expect(text.length).toBe(NOTICE_TEXT_MAX);
  });

  it('links only alarm ARNs', () => {
    expect(alarmConsoleUrl('arn:aws:sns:eu-west-1:123456789012:topic')).toBeUndefined();
  });
});

describe('alarm-webhook worker (a real receiver on loopback)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    // Settings are read once per cold start; each test is a new one.
    resetEnv();
  });

  it('posts each notice as Slack text, signed with the lead webhook key', async () => {
    const secret = 's'.repeat(32);
    const receiver = await startWebhookReceiver({ port: 0, secret });
    try {
      vi.stubEnv('LEAD_WEBHOOK_URL', `http://127.0.0.1:${receiver.port}/hook`);
      vi.stubEnv('LEAD_WEBHOOK_SECRET', secret);
      const out = await handler(
        snsOf({ message: alarmJson('ALARM') }, { subject: 'Budget', message: 'Over 80%' }),
      );
      expect(out).toEqual({ posted: 2 });
      expect(receiver.deliveries.map((d) => [d.status, d.signature])).toEqual([
        [204, 'valid'],
        [204, 'valid'],
      ]);
      expect(receiver.deliveries[0]?.text).toContain('*ALARM* AgencySite-prod API 5xx rate');
      expect(receiver.deliveries[1]?.text).toBe(':bell: *Budget*\nOver 80%');
    } finally {
      receiver.server.closeAllConnections();
      receiver.server.close();
    }
  });

  it('throws when the receiver fails, so Lambda retries and the failure queue keeps it', async () => {
    const receiver = await startWebhookReceiver({ port: 0, failFirst: 1 });
    try {
      vi.stubEnv('LEAD_WEBHOOK_URL', `http://127.0.0.1:${receiver.port}/hook`);
      await expect(handler(snsOf({ message: alarmJson('ALARM') }))).rejects.toThrow('503');
      // The retry Lambda makes gets through.
      await expect(handler(snsOf({ message: alarmJson('ALARM') }))).resolves.toEqual({
        posted: 1,
      });
    } finally {
      receiver.server.closeAllConnections();
      receiver.server.close();
    }
  });
});
