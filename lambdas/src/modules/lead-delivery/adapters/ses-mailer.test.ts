import { describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { SendEmailCommand, SESv2Client, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import { backoffMs, deliverLead, retryPendingDeliveries } from '../domain/delivery';
import type { Logger } from '../../../platform/logger';
import { SesMailer } from './ses-mailer';
import { MemoryLeadDelivery, sampleLead } from '../../../../test/support/memory-lead-delivery';

const quiet = () => undefined;
const log: Logger = { debug: quiet, info: quiet, warn: quiet, error: quiet, child: () => log };

describe('SES throttling (aws-sdk-client-mock)', () => {
  it('keeps the e-mail pending when SES throttles, then sends the exact message once SES accepts', async () => {
    const ses = mockClient(SESv2Client);
    ses
      .on(SendEmailCommand)
      .rejectsOnce(
        new TooManyRequestsException({ message: 'Maximum sending rate exceeded.', $metadata: {} }),
      )
      .resolves({ MessageId: 'm-1' });
    const store = new MemoryLeadDelivery();
    store.add(sampleLead(0, { webhook: 'off' }));
    let now = 0;
    const deps = {
      store,
      mailer: new SesMailer(new SESv2Client({ region: 'us-east-1', maxAttempts: 1 })),
      mail: { from: 'site@agency.test', to: 'sales@agency.test', siteUrl: 'https://agency.test' },
      webhook: null,
      log,
      now: () => now,
    };
    await expect(deliverLead(deps, 'L000')).resolves.toMatchObject({ email: 'failed' });
    expect(store.lead('L000')).toMatchObject({ email_status: 'pending', email_attempts: 1 });
    expect(store.state('L000', 'email')?.error).toContain('TooManyRequestsException');
    now = backoffMs(1) + 1;
    await expect(retryPendingDeliveries(deps)).resolves.toMatchObject({
      email: { sent: 1, failed: 0, skipped: 0 },
    });
    expect(store.lead('L000')).toMatchObject({ email_status: 'sent', email_attempts: 2 });
    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.args[0].input).toMatchObject({
      FromEmailAddress: 'site@agency.test',
      Destination: { ToAddresses: ['sales@agency.test'] },
      ReplyToAddresses: ['v0@example.com'],
      Content: { Simple: { Subject: { Data: 'New enquiry: SEO from Visitor 0' } } },
    });
    ses.restore();
  });
});
