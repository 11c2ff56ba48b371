import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lead as leadSchema } from '@agency/shared';
import { composeLeadWebhook, webhookSignature } from './webhook';

const lead = leadSchema.parse({
  id: '01J0000000000000000000000A',
  created_at: '2025-03-01T10:00:00.000Z',
  name: 'Eve <@channel> & Co',
  phone: '+1 312 555 0100',
  email: 'eve@example.com',
  subject: 'Branding',
  message: 'Hello <b>team</b>',
  page: '/contact-us',
  email_status: 'pending',
  email_attempts: 2,
  webhook_status: 'pending',
  webhook_attempts: 1,
  source: 'newsletter',
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'march',
  landing_page: '/blog/seo?utm_source=newsletter',
});
const SITE = 'https://www.agency.test';
const ADMIN_URL = `${SITE}/admin/leads/01J0000000000000000000000A`;

describe('composeLeadWebhook', () => {
  const message = composeLeadWebhook(lead, SITE, 'a-signing-key-0123456789');
  const body: unknown = JSON.parse(message.body);

  it('is a Slack message with name, subject, source and a link to the lead, Slack-escaped', () => {
    expect(body).toMatchObject({
      text: [
        'New enquiry from Eve &lt;@channel&gt; &amp; Co: Branding',
        'Source: newsletter (email / march)',
        `<${ADMIN_URL}|Open the lead in the admin>`,
      ].join('\n'),
    });
  });

  it("carries the lead's own fields and its admin address, not the delivery bookkeeping", () => {
    expect(body).toMatchObject({
      lead: {
        id: lead.id,
        name: 'Eve <@channel> & Co',
        email: 'eve@example.com',
        message: 'Hello <b>team</b>',
        status: 'new',
        source: 'newsletter',
        utm_campaign: 'march',
        landing_page: '/blog/seo?utm_source=newsletter',
        admin_url: ADMIN_URL,
      },
    });
    expect(JSON.stringify(body)).not.toMatch(/email_status|attempts|webhook_status/);
  });

  it('signs the exact body with HMAC-SHA256 and names the lead', () => {
    const expected = createHmac('sha256', 'a-signing-key-0123456789')
      .update(message.body)
      .digest('hex');
    expect(message.headers).toEqual({
      'content-type': 'application/json',
      'x-lead-id': lead.id,
      'x-signature': `sha256=${expected}`,
    });
    expect(webhookSignature(`${message.body} `, 'a-signing-key-0123456789')).not.toBe(
      message.headers['x-signature'],
    );
  });

  it('sends no signature when no signing key is configured', () => {
    expect(composeLeadWebhook(lead, SITE).headers).not.toHaveProperty('x-signature');
  });
});
