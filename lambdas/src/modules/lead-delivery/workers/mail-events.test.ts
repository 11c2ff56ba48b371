import type { SNSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { leadItem, putLeadItem, sampleLead } from '../../../../test/support/stored-leads';
import { newLeadId } from '../../leads/domain/leads-id';
import { composeLeadEmail, MAIL_TAGS } from '../domain/mail';
import { parseSesEvent } from '../domain/mail-events';
import { handler } from './mail-events';

/**
 * SES bounce and complaint events on the stand-ins: the SES stand-in cannot bounce, so the test
 * feeds the worker what SES publishes to the configuration set's SNS topic (event publishing's
 * documented shape) and reads the lead back through the table and the inbox's API.
 */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const put = (id: string, over: Parameters<typeof sampleLead>[1] = {}) =>
  putLeadItem(stack.clients.doc, stack.env.LEADS_TABLE, sampleLead(id, over));
const raw = (id: string) => leadItem(stack.clients.doc, stack.env.LEADS_TABLE, id);

/** An SES event as event publishing sends it, wrapped in the SNS notification Lambda receives. */
function snsOf(...events: Record<string, unknown>[]): SNSEvent {
  return {
    Records: events.map((event, i) => ({
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn: 'arn:aws:sns:eu-west-1:123456789012:mail-events:sub',
      Sns: {
        Type: 'Notification',
        MessageId: `msg-${i}`,
        TopicArn: 'arn:aws:sns:eu-west-1:123456789012:mail-events',
        Subject: '',
        Message: JSON.stringify(event),
        Timestamp: '2026-11-25T20:00:00.000Z',
        SignatureVersion: '1',
        Signature: '',
        SigningCertUrl: '',
        UnsubscribeUrl: '',
        MessageAttributes: {},
      },
    })),
  };
}

const mailOf = (leadId: string | null) => ({
  timestamp: '2026-11-25T19:59:00.000Z',
  source: 'no-reply@agency.test',
  messageId: `0102-${leadId ?? 'other'}`,
  destination: ['sales@agency.test'],
  tags: {
    'ses:configuration-set': ['AgencySite-prod-mail'],
    ...(leadId ? { [MAIL_TAGS.leadId]: [leadId] } : {}),
  },
});
const bounceOf = (leadId: string | null) => ({
  eventType: 'Bounce',
  bounce: {
    bounceType: 'Permanent',
    bounceSubType: 'General',
    bouncedRecipients: [
      {
        emailAddress: 'sales@agency.test',
        action: 'failed',
        status: '5.1.1',
        diagnosticCode: 'smtp; 550 5.1.1 user unknown',
      },
    ],
    timestamp: '2026-11-25T20:00:00.000Z',
    feedbackId: 'feedback',
  },
  mail: mailOf(leadId),
});

describe('SES bounce and complaint events', () => {
  it('marks a bounced lead e-mail on its lead, and the inbox shows it', async () => {
    const id = newLeadId();
    await put(id, { email_status: 'sent', webhook_status: 'off' });
    const outcomes = await handler(snsOf(bounceOf(id)));
    expect(outcomes).toEqual([{ kind: 'bounced', leadId: id, marked: true }]);
    expect(await raw(id)).toMatchObject({
      email_status: 'bounced',
      last_error: 'Bounced (Permanent/General): sales@agency.test: smtp; 550 5.1.1 user unknown',
    });

    const detail = await stack.invoke('getLead', {
      token: await stack.adminToken(),
      query: { id },
    });
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ data: { id, email_status: 'bounced' } });
  });

  it('leaves a lead whose e-mail was not sent, an erased lead and other e-mails alone', async () => {
    await put('HELD', { email_status: 'held', webhook_status: 'held', status: 'spam' });
    const outcomes = await handler(
      snsOf(bounceOf('HELD'), bounceOf('ERASED-LONG-AGO'), bounceOf(null)),
    );
    expect(outcomes).toEqual([
      { kind: 'bounced', leadId: 'HELD', marked: false },
      { kind: 'bounced', leadId: 'ERASED-LONG-AGO', marked: false },
      { kind: 'ignored', why: 'not a lead e-mail' },
    ]);
    expect(await raw('HELD')).toMatchObject({ email_status: 'held' });
    expect(await raw('ERASED-LONG-AGO')).toBeUndefined();
  });

  it('logs a complaint and counts every bounce as a metric', async () => {
    await put('COMPLAINED', { email_status: 'sent', webhook_status: 'off' });
    await put('BOUNCED2', { email_status: 'sent', webhook_status: 'off' });
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const outcomes = await handler(
        snsOf(
          {
            eventType: 'Complaint',
            complaint: {
              complainedRecipients: [{ emailAddress: 'sales@agency.test' }],
              complaintFeedbackType: 'abuse',
            },
            mail: mailOf('COMPLAINED'),
          },
          bounceOf('BOUNCED2'),
        ),
      );
      expect(outcomes).toEqual([
        { kind: 'complaint', leadId: 'COMPLAINED' },
        { kind: 'bounced', leadId: 'BOUNCED2', marked: true },
      ]);
      const lines = out.mock.calls.map(
        ([chunk]) => JSON.parse(String(chunk)) as Record<string, unknown>,
      );
      const metric = lines.find((l) => 'LeadEmailsBounced' in l);
      expect(metric).toMatchObject({
        LeadEmailsBounced: 1,
        _aws: {
          CloudWatchMetrics: [
            {
              Namespace: 'Agency/local',
              Dimensions: [[]],
              Metrics: [{ Name: 'LeadEmailsBounced' }],
            },
          ],
        },
      });
      expect(err.mock.calls.map(([c]) => String(c)).join('')).toContain(
        'an e-mail was reported as spam by its recipient',
      );
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    expect(await raw('COMPLAINED')).toMatchObject({ email_status: 'sent' });
  });

  it('refuses a message that is not an SES event, so it lands in the failure queue', async () => {
    await expect(handler(snsOf({ hello: 'world' }))).rejects.toThrow(/Not an SES event/);
    expect(() => parseSesEvent('not json')).toThrow(/not JSON/);
  });

  it('tags each lead e-mail with its lead, which is how an event finds the lead', () => {
    const lead = sampleLead('TAGGED');
    const mail = composeLeadEmail(lead, {
      from: 'no-reply@agency.test',
      to: 'sales@agency.test',
      siteUrl: 'https://agency.test',
    });
    expect(mail.tags).toEqual({ [MAIL_TAGS.leadId]: 'TAGGED' });
  });
});
