import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { lead as leadSchema, type Lead } from '@agency/shared';
import { startTestStack, type TestStack } from '../../../../test/harness';
import type { NewLead } from '../domain/ports';
import { leadRepository } from './lead-repository';
import { leadFactsReader } from './lead-facts-reader';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const at = (hour: number) => new Date(Date.UTC(2026, 2, 10, hour)).toISOString();
const newLead = (id: string, hour: number, over: Partial<Lead> = {}): NewLead => {
  const {
    email_attempts: _e,
    webhook_attempts: _w,
    ...lead
  } = leadSchema.parse({
    id,
    created_at: at(hour),
    name: 'N',
    phone: '0441234567',
    email: 'n@example.com',
    subject: 'SEO',
    message: 'm',
    page: null,
    email_status: 'pending',
    email_attempts: 0,
    ...over,
  });
  return lead;
};

describe('DynamoLeadFactsReader', () => {
  it('reads the leads that arrived in [from, to) with their visit, spam flag and first response', async () => {
    const repo = leadRepository();
    await repo.create(
      newLead('01FACTSA', 9, {
        source: 'newsletter',
        utm_source: 'newsletter',
        utm_campaign: 'Spring-Sale',
        landing_page: '/services/seo?utm_source=newsletter',
        channel: 'email',
        country: 'CH',
        device: 'mobile',
        journey: {
          entry_page: '/services/seo',
          pages: ['/services/seo', '/contact'],
          started_at: at(8),
          time_to_enquiry_s: 3600,
        },
        first_response_at: at(11),
      }),
    );
    await repo.create(newLead('01FACTSB', 10, { status: 'spam', spam_reason: 'honeypot' }));
    await repo.create(newLead('01FACTSC', 12));
    await repo.create(newLead('01FACTSD', 8));
    // A lead stored before the visit was kept: no channel, journey, country or device attributes.
    await stack.clients.doc.send(
      new PutCommand({
        TableName: stack.env.LEADS_TABLE,
        Item: {
          pk: 'LEAD#01FACTSE',
          sk: 'LEAD',
          gsi1pk: 'LEADS',
          gsi1sk: `${at(11)}#01FACTSE`,
          id: '01FACTSE',
          created_at: at(11),
          name: 'Old',
          phone: '0441234567',
          email: 'o@example.com',
          subject: 'SEO',
          message: 'm',
          page: null,
          email_status: 'sent',
          email_attempts: 1,
          source: 'google-ads',
          gclid: 'abc',
          landing_page: '/landing?gclid=abc',
        },
      }),
    );

    const facts = await leadFactsReader().arrivedBetween(at(9), at(12));
    const byId = new Map(facts.map((f) => [f.id, f]));
    expect([...byId.keys()].sort()).toEqual(['01FACTSA', '01FACTSB', '01FACTSE']);
    expect(byId.get('01FACTSA')).toEqual({
      id: '01FACTSA',
      created_at: at(9),
      spam: false,
      channel: 'email',
      source: 'newsletter',
      campaign: 'spring-sale',
      entry_page: '/services/seo',
      pages: ['/services/seo', '/contact'],
      country: 'CH',
      device: 'mobile',
      first_response_at: at(11),
    });
    expect(byId.get('01FACTSB')).toMatchObject({ spam: true, channel: 'direct', campaign: '' });
    expect(byId.get('01FACTSE')).toMatchObject({
      spam: false,
      channel: 'paid-search',
      source: 'google-ads',
      entry_page: '/landing',
      pages: [],
      country: 'unknown',
      device: 'unknown',
      first_response_at: null,
    });
  });
});
