import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { channelOf, landingPath, visitSourceOf, type Lead } from '@agency/shared';
import type { LeadFacts, LeadFactsReader } from '../domain/lead-facts';
import { dynamoClient } from '../../../platform/aws/clients';
import { tableName } from '../../../platform/env';
import { ALL_LEADS, T, leadOfItem } from './lead-items';

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
    const idx = T.indexes.byDate;
    const facts: LeadFacts[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: idx.name,
          // `<to>` itself sorts before `<to>#<id>`: `< :to` keeps the range half-open.
          KeyConditionExpression: '#p = :p AND #s BETWEEN :from AND :to',
          ExpressionAttributeNames: { '#p': idx.partitionKey, '#s': idx.sortKey },
          ExpressionAttributeValues: { ':p': ALL_LEADS, ':from': from, ':to': to },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) {
        const lead = leadOfItem(item);
        if (lead.created_at >= from && lead.created_at < to) facts.push(leadFactsOf(lead));
      }
      start = out.LastEvaluatedKey;
    } while (start);
    return facts;
  }
}

/** The lead facts reader on the configured leads table. */
export const leadFactsReader = (): DynamoLeadFactsReader =>
  new DynamoLeadFactsReader(dynamoClient(), tableName('leads'));
