import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { channelOf, landingPath, visitSourceOf, type Lead } from '@agency/shared';
import type { LeadFacts, LeadFactsReader } from '../domain/lead-facts';
import { dynamoClient } from '../../../platform/aws/clients';
import { tableName } from '../../../platform/env';
import { leadsArrivedBetween } from './lead-items';

/** The facts analytics reads of a lead; leads stored before the visit was kept get it from their source fields. */
export function leadFactsOf(lead: Lead): LeadFacts {
  return {
    id: lead.id,
    created_at: lead.created_at,
    spam: lead.status === 'spam',
    channel: lead.channel ?? channelOf(lead),
    source: lead.source || visitSourceOf(lead),
    campaign: lead.utm_campaign?.trim().toLowerCase() ?? '',
    entry_page: lead.journey?.entry_page ?? landingPath(lead.landing_page),
    pages: lead.journey?.pages ?? [],
    country: lead.country,
    device: lead.device ?? 'unknown',
    first_response_at: lead.first_response_at,
  };
}

/**
 * Leads' facts by arrival time, from the leads table's byDate index (sort key `<created_at>#<id>`,
 * so an instant range is a sort-key range), page by page.
 */
export class DynamoLeadFactsReader implements LeadFactsReader {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async arrivedBetween(from: string, to: string): Promise<LeadFacts[]> {
    // `<to>` itself sorts before `<to>#<id>`, and the instants are checked again: half-open.
    const leads = await leadsArrivedBetween(this.db, this.table, from, to);
    return leads.filter((l) => l.created_at >= from && l.created_at < to).map(leadFactsOf);
  }
}

/** The lead facts reader on the configured leads table. */
export const leadFactsReader = (): DynamoLeadFactsReader =>
  new DynamoLeadFactsReader(dynamoClient(), tableName('leads'));
