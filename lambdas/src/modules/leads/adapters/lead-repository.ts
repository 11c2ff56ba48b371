import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import {
  DIRECT_SOURCE,
  leadErasure,
  leadEvent,
  type Lead,
  type LeadDetail,
  type LeadErasure,
  type LeadEvent,
  type LeadStatus,
} from '@agency/shared';
import {
  CHANNELS,
  type LeadFilter,
  type LeadPage,
  type LeadRepository,
  type NewLead,
  type StatusChange,
} from '../domain/ports';
import { tableName } from '../../../platform/env';
import { dynamoClient, isConditionFailure } from '../../../platform/aws/clients';
import {
  ALL_LEADS,
  CHANNEL_ATTRIBUTES,
  EVENT_SK_PREFIX,
  LEAD_SK,
  PENDING,
  T,
  dateSortKey,
  erasureKey,
  eventKey,
  leadKey,
  leadOfItem,
  parsedItem,
  searchText,
  statusPartition,
} from './lead-items';
import { queryPage } from '../../../platform/aws/paging';

type Item = Record<string, unknown>;

const toLead = leadOfItem;
const toEvent = (item: Item): LeadEvent => parsedItem(leadEvent, item);

/** Leads stored before the pipeline have no status: they are `new`. */
const STATUS_IS = (placeholder: string) =>
  `(attribute_not_exists(#status) OR #status = ${placeholder})`;

/**
 * The Query behind a list: which index, which key range, which filter. `everything` (the export
 * without filters) is every lead, spam included; a filter without a status is the inbox: all but
 * spam. `new` reads the byDate index because leads stored before the pipeline are `new` without a
 * byStatus entry; every other status reads its own byStatus partition.
 */
export function leadQuery(table: string, filter: LeadFilter | 'everything'): QueryCommandInput {
  const f: LeadFilter = filter === 'everything' ? {} : filter;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const filters: string[] = [];
  const byStatus = f.status !== undefined && f.status !== 'new';
  const idx = byStatus ? T.indexes.byStatus : T.indexes.byDate;
  names['#p'] = idx.partitionKey;
  values[':p'] = byStatus && f.status ? statusPartition(f.status) : ALL_LEADS;
  let key = '#p = :p';

  // gsi1sk is `<created_at ISO>#<id>`: a day range is a sort-key range ('~' sorts after 'T…').
  if (f.from !== undefined || f.to !== undefined) {
    names['#s'] = idx.sortKey;
    if (f.from !== undefined) values[':from'] = f.from;
    if (f.to !== undefined) values[':to'] = `${f.to}~`;
    key +=
      f.from !== undefined && f.to !== undefined
        ? ' AND #s BETWEEN :from AND :to'
        : f.from !== undefined
          ? ' AND #s >= :from'
          : ' AND #s <= :to';
  }

  if (filter !== 'everything' && !byStatus) {
    names['#status'] = 'status';
    if (f.status === 'new') {
      values[':new'] = 'new';
      filters.push(STATUS_IS(':new'));
    } else {
      values[':spam'] = 'spam';
      filters.push('(attribute_not_exists(#status) OR #status <> :spam)');
    }
  }
  if (f.subject !== undefined) {
    names['#subject'] = 'subject';
    values[':subject'] = f.subject;
    filters.push('#subject = :subject');
  }
  if (f.source !== undefined) {
    names['#source'] = 'source';
    values[':source'] = f.source.toLowerCase();
    // Leads stored before sources were kept came in with none: direct.
    filters.push(
      f.source.toLowerCase() === DIRECT_SOURCE
        ? '(attribute_not_exists(#source) OR #source = :source)'
        : '#source = :source',
    );
  }
  if (f.q !== undefined) {
    Object.assign(names, {
      '#search': 'search',
      '#name': 'name',
      '#email': 'email',
      '#message': 'message',
    });
    values[':q'] = f.q.toLowerCase();
    values[':raw'] = f.q;
    // Leads stored before the search text existed are matched on their fields, case-sensitively.
    filters.push(
      '(contains(#search, :q) OR (attribute_not_exists(#search) AND (contains(#name, :raw) OR contains(#email, :raw) OR contains(#message, :raw))))',
    );
  }
  return {
    TableName: table,
    IndexName: idx.name,
    KeyConditionExpression: key,
    FilterExpression: filters.length > 0 ? filters.join(' AND ') : undefined,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
  };
}

/**
 * Leads, their history and their erasures in the leads table (layout: modules/leads/adapters/lead-items.ts).
 * Lists are Queries of the byDate or byStatus index. There are no transactions on the local
 * stand-in, so each multi-item write is ordered to be safe when interrupted or raced: history
 * entries are written before the conditional update of the lead and removed if it fails, and an
 * erasure deletes the lead item before sweeping its partition.
 */
export class DynamoLeadRepository implements LeadRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async create(lead: NewLead): Promise<void> {
    const pending = CHANNELS.some((c) => lead[CHANNEL_ATTRIBUTES[c].status] === 'pending');
    // Absent until staff answer: the first answer is set with if_not_exists, which a null would block.
    const { first_response_at: firstResponse, ...fields } = lead;
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...leadKey(lead.id),
          ...fields,
          ...(firstResponse === null ? {} : { first_response_at: firstResponse }),
          email_attempts: 0,
          webhook_attempts: 0,
          search: searchText(lead),
          [T.indexes.byDate.partitionKey]: ALL_LEADS,
          [T.indexes.byDate.sortKey]: dateSortKey(lead),
          [T.indexes.byStatus.partitionKey]: statusPartition(lead.status),
          ...(pending ? { [T.indexes.pending.partitionKey]: PENDING } : {}),
        },
        ConditionExpression: 'attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': T.partitionKey },
      }),
    );
  }

  private async item(id: string): Promise<Item | undefined> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: leadKey(id), ConsistentRead: true }),
    );
    return out.Item;
  }

  async get(id: string): Promise<Lead | null> {
    const item = await this.item(id);
    return item ? toLead(item) : null;
  }

  /** Every item of a lead's partition: the lead and its history (EVENT# sorts before LEAD). */
  private async *partition(id: string): AsyncIterable<Item> {
    let start: Item | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': T.partitionKey },
          ExpressionAttributeValues: { ':pk': leadKey(id)[T.partitionKey] },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      yield* out.Items ?? [];
      start = out.LastEvaluatedKey;
    } while (start);
  }

  async detail(id: string): Promise<LeadDetail | null> {
    let lead: Lead | null = null;
    const history: LeadEvent[] = [];
    for await (const item of this.partition(id)) {
      const sk = String(item[T.sortKey]);
      if (sk === LEAD_SK) lead = toLead(item);
      else if (sk.startsWith(EVENT_SK_PREFIX)) history.push(toEvent(item));
    }
    return lead ? { ...lead, history } : null;
  }

  async page(page: number, size: number, filter: LeadFilter = {}): Promise<LeadPage> {
    const out = await queryPage(this.db, leadQuery(this.table, filter), page, size);
    return { items: out.items.map(toLead), hasMore: out.hasNext };
  }

  async *all(filter?: LeadFilter): AsyncIterable<Lead> {
    const query = leadQuery(this.table, filter ?? 'everything');
    let start: Item | undefined;
    do {
      const out = await this.db.send(new QueryCommand({ ...query, ExclusiveStartKey: start }));
      for (const item of out.Items ?? []) yield toLead(item);
      start = out.LastEvaluatedKey;
    } while (start);
  }

  private async putEvent(id: string, event: LeadEvent): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...eventKey(id, event.at, event.id), ...event },
      }),
    );
  }

  private async deleteEvent(id: string, event: LeadEvent): Promise<void> {
    await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: eventKey(id, event.at, event.id) }),
    );
  }

  /**
   * Write a history entry, then run `update` (a conditional write on the lead item); the entry is
   * removed again when the update is refused, so the history never shows what did not happen and
   * an erasure running meanwhile leaves nothing behind (see erase).
   */
  private async withEvent(
    id: string,
    event: LeadEvent,
    update: () => Promise<void>,
  ): Promise<boolean> {
    await this.putEvent(id, event);
    try {
      await update();
      return true;
    } catch (error) {
      await this.deleteEvent(id, event);
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async setStatus(
    id: string,
    from: LeadStatus,
    change: StatusChange,
  ): Promise<'changed' | 'conflict' | 'missing'> {
    const names: Record<string, string> = {
      '#pk': T.partitionKey,
      '#status': 'status',
      '#part': T.indexes.byStatus.partitionKey,
      '#updated': 'updated_at',
      '#reason': 'spam_reason',
      '#first': 'first_response_at',
    };
    const values: Record<string, unknown> = {
      ':from': from,
      ':to': change.to,
      ':part': statusPartition(change.to),
      ':at': change.event.at,
      // Filed as spam by hand, or no longer spam at all.
      ':reason': change.to === 'spam' ? 'admin' : null,
    };
    const conditions = [
      'attribute_exists(#pk)',
      from === 'new' ? STATUS_IS(':from') : '#status = :from',
    ];
    // The first answer is kept: a later change, or a concurrent one losing the race, never moves it.
    const sets = [
      '#status = :to',
      '#part = :part',
      '#updated = :at',
      '#reason = :reason',
      '#first = if_not_exists(#first, :at)',
    ];
    const removes: string[] = [];

    if (change.delivery) {
      // Holding or releasing channels: the lead must still be as read here, so that whether any
      // channel stays pending (the pending index) is known for certain.
      const item = await this.item(id);
      if (!item) return 'missing';
      const current = toLead(item);
      let anyPending = false;
      for (const channel of CHANNELS) {
        const attr = CHANNEL_ATTRIBUTES[channel].status;
        const was = current[attr];
        const next = change.delivery[channel] ?? was;
        // Only a pending channel is held, only a held one released: anything else moved on meanwhile.
        if (
          change.delivery[channel] !== undefined &&
          was !== (next === 'held' ? 'pending' : 'held')
        )
          return 'conflict';
        names[`#${channel}`] = attr;
        values[`:${channel}Was`] = was;
        values[`:${channel}Next`] = next;
        // A webhook state absent from an old lead reads as `off`.
        conditions.push(
          was === 'off'
            ? `(attribute_not_exists(#${channel}) OR #${channel} = :${channel}Was)`
            : `#${channel} = :${channel}Was`,
        );
        sets.push(`#${channel} = :${channel}Next`);
        anyPending ||= next === 'pending';
      }
      names['#pending'] = T.indexes.pending.partitionKey;
      if (anyPending) {
        values[':pending'] = PENDING;
        sets.push('#pending = :pending');
      } else removes.push('#pending');
    }

    const changed = await this.withEvent(id, change.event, async () => {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: leadKey(id),
          UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    });
    if (changed) return 'changed';
    return (await this.item(id)) ? 'conflict' : 'missing';
  }

  async addNote(id: string, event: LeadEvent): Promise<boolean> {
    return this.withEvent(id, event, async () => {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: leadKey(id),
          UpdateExpression: 'SET #updated = :at, #first = if_not_exists(#first, :at)',
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: {
            '#pk': T.partitionKey,
            '#updated': 'updated_at',
            '#first': 'first_response_at',
          },
          ExpressionAttributeValues: { ':at': event.at },
        }),
      );
    });
  }

  /**
   * Record the erasure, delete the lead, then sweep its partition. Interrupted after the record,
   * the lead is still there to erase again; after the lead, a second call (missing lead) still
   * sweeps what is left. A note racing the erasure either lands before the sweep or finds the lead
   * gone and takes its entry back (withEvent).
   */
  async erase(id: string, erasure: LeadErasure): Promise<Lead | null> {
    const item = await this.item(id);
    if (item) {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...erasureKey(id), ...erasure },
        }),
      );
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: leadKey(id) }));
    }
    for await (const rest of this.partition(id))
      await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: { [T.partitionKey]: rest[T.partitionKey], [T.sortKey]: rest[T.sortKey] },
        }),
      );
    return item ? toLead(item) : null;
  }

  async erasure(id: string): Promise<LeadErasure | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: erasureKey(id) }));
    return out.Item ? parsedItem(leadErasure, out.Item) : null;
  }
}

/** The lead repository on the configured leads table (the inbox handlers need nothing else: no SES, no SSM). */
export const leadRepository = (): DynamoLeadRepository =>
  new DynamoLeadRepository(dynamoClient(), tableName('leads'));
