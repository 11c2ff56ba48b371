import { describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { SendEmailCommand, SESv2Client, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import type { Logger } from '../lib/logger';
import { SesMailer } from '../adapters/mail';
import { deliverLeadEmail, retryPendingLeadEmails } from './leads-mail';
import { MemoryLeadRepository } from '../../test/support/memory-lead-repository';
import type { Mailer, MailMessage } from './mail';

const quiet = () => undefined;
const log: Logger = { debug: quiet, info: quiet, warn: quiet, error: quiet, child: () => log };
const mailSettings = { from: 'site@agency.test', to: 'sales@agency.test' };

async function repoWith(n: number): Promise<MemoryLeadRepository> {
  const repo = new MemoryLeadRepository();
  for (let i = 0; i < n; i++) {
    await repo.create({
      id: `L${String(i).padStart(3, '0')}`,
      created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
      name: `Visitor ${i}`,
      phone: '044 1234 5678',
      email: `v${i}@example.com`,
      subject: 'SEO',
      message: 'Hi',
      page: null,
    });
  }
  return repo;
}

class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  failing = false;
  delayMs = 0;
  async send(message: MailMessage): Promise<void> {
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failing) throw new Error('SES is down');
    this.sent.push(message);
  }
}

describe('deliverLeadEmail', () => {
  it('sends once and marks the lead sent with one attempt', async () => {
    const leads = await repoWith(1);
    const mailer = new RecordingMailer();
    await expect(
      deliverLeadEmail({ leads, mailer, mail: mailSettings, log }, 'L000'),
    ).resolves.toBe('sent');
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.subject).toBe('New enquiry: SEO from Visitor 0');
    expect(leads.rows.get('L000')).toMatchObject({ email_status: 'sent', email_attempts: 1 });
    await expect(
      deliverLeadEmail({ leads, mailer, mail: mailSettings, log }, 'L000'),
    ).resolves.toBe('skipped');
    expect(mailer.sent).toHaveLength(1);
  });

  it('keeps the lead pending and counts the attempt when sending fails', async () => {
    const leads = await repoWith(1);
    const mailer = new RecordingMailer();
    mailer.failing = true;
    await expect(
      deliverLeadEmail({ leads, mailer, mail: mailSettings, log }, 'L000'),
    ).resolves.toBe('failed');
    expect(leads.rows.get('L000')).toMatchObject({
      email_status: 'pending',
      email_attempts: 1,
      last_error: 'Error: SES is down',
    });
    mailer.failing = false;
    await expect(
      deliverLeadEmail({ leads, mailer, mail: mailSettings, log }, 'L000'),
    ).resolves.toBe('sent');
    expect(leads.rows.get('L000')).toMatchObject({ email_status: 'sent', email_attempts: 2 });
  });

  it('lets only one of two concurrent senders send', async () => {
    const leads = await repoWith(1);
    const mailer = new RecordingMailer();
    mailer.delayMs = 20;
    const outcomes = await Promise.all(
      [1, 2].map(() => deliverLeadEmail({ leads, mailer, mail: mailSettings, log }, 'L000')),
    );
    expect(outcomes.sort()).toEqual(['sent', 'skipped']);
    expect(mailer.sent).toHaveLength(1);
  });

  it('takes over a lead whose sender died holding the lease once the lease has expired', async () => {
    const leads = await repoWith(1);
    await leads.claim('L000', 'dead-sender', 1_000, 61_000);
    const mailer = new RecordingMailer();
    await expect(
      deliverLeadEmail({ leads, mailer, mail: mailSettings, log, now: () => 30_000 }, 'L000'),
    ).resolves.toBe('skipped');
    await expect(
      deliverLeadEmail({ leads, mailer, mail: mailSettings, log, now: () => 61_001 }, 'L000'),
    ).resolves.toBe('sent');
    expect(mailer.sent).toHaveLength(1);
  });
});

describe('retryPendingLeadEmails', () => {
  it('sends every pending lead exactly once, even with two runs at the same time', async () => {
    const leads = await repoWith(30);
    await leads.claim('L005', 't', 0, 1); // an expired lease from a crashed sender
    const mailer = new RecordingMailer();
    mailer.delayMs = 1;
    const deps = { leads, mailer, mail: mailSettings, log };
    const [a, b] = await Promise.all([
      retryPendingLeadEmails(deps),
      retryPendingLeadEmails(deps, 3),
    ]);
    expect(a.sent + b.sent).toBe(30);
    expect(mailer.sent.map((m) => m.replyTo[0]).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => `v${i}@example.com`).sort(),
    );
    expect(
      [...leads.rows.values()].every((l) => l.email_status === 'sent' && l.email_attempts === 1),
    ).toBe(true);
    await expect(retryPendingLeadEmails(deps)).resolves.toEqual({ sent: 0, failed: 0, skipped: 0 });
  });

  it('reports failures and leaves those leads for the next run', async () => {
    const leads = await repoWith(3);
    const mailer = new RecordingMailer();
    mailer.failing = true;
    await expect(
      retryPendingLeadEmails({ leads, mailer, mail: mailSettings, log }),
    ).resolves.toEqual({ sent: 0, failed: 3, skipped: 0 });
    mailer.failing = false;
    await expect(
      retryPendingLeadEmails({ leads, mailer, mail: mailSettings, log }),
    ).resolves.toEqual({ sent: 3, failed: 0, skipped: 0 });
  });

  it('stops a run after ten failures in a row and leaves the rest pending for the next run', async () => {
    const leads = await repoWith(25);
    const mailer = new RecordingMailer();
    mailer.failing = true;
    const summary = await retryPendingLeadEmails({ leads, mailer, mail: mailSettings, log }, 1);
    expect(summary).toEqual({ sent: 0, failed: 10, skipped: 0 });
    mailer.failing = false;
    await expect(
      retryPendingLeadEmails({ leads, mailer, mail: mailSettings, log }),
    ).resolves.toEqual({ sent: 25, failed: 0, skipped: 0 });
  });
});

describe('SES throttling (aws-sdk-client-mock)', () => {
  it('keeps the lead pending when SES throttles, then sends the exact message once SES accepts', async () => {
    const ses = mockClient(SESv2Client);
    ses
      .on(SendEmailCommand)
      .rejectsOnce(
        new TooManyRequestsException({ message: 'Maximum sending rate exceeded.', $metadata: {} }),
      )
      .resolves({ MessageId: 'm-1' });
    const leads = await repoWith(1);
    const deps = {
      leads,
      mailer: new SesMailer(new SESv2Client({ region: 'us-east-1', maxAttempts: 1 })),
      mail: mailSettings,
      log,
    };
    await expect(deliverLeadEmail(deps, 'L000')).resolves.toBe('failed');
    expect(leads.rows.get('L000')).toMatchObject({ email_status: 'pending', email_attempts: 1 });
    expect(leads.rows.get('L000')?.last_error).toContain('TooManyRequestsException');
    await expect(retryPendingLeadEmails(deps)).resolves.toEqual({ sent: 1, failed: 0, skipped: 0 });
    expect(leads.rows.get('L000')).toMatchObject({ email_status: 'sent', email_attempts: 2 });
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
