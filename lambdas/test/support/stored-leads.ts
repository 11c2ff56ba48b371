import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { lead as leadSchema, type DeliveryStatus, type Lead } from '@agency/shared';
import {
  ALL_LEADS,
  dateSortKey,
  leadKey,
  PENDING,
  searchText,
  statusPartition,
  T,
} from '../../src/modules/leads/adapters/lead-items';

/** A lead as the enquiry form would store it with a webhook configured, with the given overrides. */
export function sampleLead(id: string, over: Partial<Lead> = {}): Lead {
  return leadSchema.parse({
    id,
    created_at: new Date(Date.UTC(2025, 5, 1, 8, 0, 0)).toISOString(),
    name: `Visitor ${id}`,
    phone: '+1 312 555 0100',
    email: `${id.toLowerCase()}@example.com`,
    subject: 'SEO',
    message: `Lead ${id}`,
    page: '/contact-us',
    email_status: 'pending',
    email_attempts: 0,
    webhook_status: 'pending',
    ...over,
  });
}

/**
 * Write a lead item in the leads table's layout (lead-items.ts), pending index included, to arrange
 * delivery tests without the enquiry path.
 */
export async function putLeadItem(
  doc: DynamoDBDocumentClient,
  table: string,
  lead: Lead,
): Promise<void> {
  const pending = ([lead.email_status, lead.webhook_status] as DeliveryStatus[]).includes(
    'pending',
  );
  // As the repository stores it: no first response is an absent attribute (set with if_not_exists).
  const { first_response_at: firstResponse, ...fields } = lead;
  await doc.send(
    new PutCommand({
      TableName: table,
      Item: {
        ...leadKey(lead.id),
        ...fields,
        ...(firstResponse === null ? {} : { first_response_at: firstResponse }),
        [T.indexes.byDate.partitionKey]: ALL_LEADS,
        [T.indexes.byDate.sortKey]: dateSortKey(lead),
        [T.indexes.byStatus.partitionKey]: statusPartition(lead.status),
        ...(pending ? { [T.indexes.pending.partitionKey]: PENDING } : {}),
        search: searchText(lead),
      },
    }),
  );
}

/** The raw lead item, bookkeeping attributes included. */
export async function leadItem(
  doc: DynamoDBDocumentClient,
  table: string,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  return (await doc.send(new GetCommand({ TableName: table, Key: leadKey(id) }))).Item;
}
