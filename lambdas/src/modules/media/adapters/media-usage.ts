import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  type BatchGetCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { SiteImages, SiteItem, SiteSnapshot, SiteVersions } from '../domain/usage';
import { usesOf } from '../domain/usage';
import { tableName } from '../../../platform/env';
import { dynamoClient } from '../../../platform/aws/clients';
import { mediaKey } from './media-repository';
import { PAGES_INDEX_KEY, pageKey, settingsKey } from '../../pages/adapters/page-keys';
import { TABLES } from '../../../platform/aws/tables';
import { MAX_TRANSACT_ITEMS, transact, type Step } from '../../../platform/aws/transaction';

const T = TABLES.content;
const { byDate } = T.indexes;
// Pages and the settings are read here as raw attributes, without the page schemas: the media
// functions stay small, and every stored copy is walked for image paths whatever its shape.
/** Attributes of a page or settings item that are not content. */
const NOT_CONTENT = new Set([
  T.partitionKey,
  T.sortKey,
  byDate.partitionKey,
  byDate.sortKey,
  'path',
  'version',
  'published_version',
  'site_version',
  'rendered_version',
  'reason',
  'updated_at',
  'updated_by',
  'published_at',
  'retired_at',
  'redirect_to',
]);

const contentOf = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !NOT_CONTENT.has(k)));

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

function pageItem(item: Record<string, unknown>): SiteItem {
  const content = item.content as { title?: unknown } | undefined;
  const path = String(item.path);
  return {
    kind: 'page',
    ref: path,
    title: typeof content?.title === 'string' ? content.title : path,
    retired: item.retired_at !== undefined && item.retired_at !== null,
    copies: contentOf(item),
  };
}

/** The pages and settings in the content table, read for the images they show. */
export class DynamoSiteImages implements SiteImages {
  private get table() {
    return tableName('content');
  }

  /** Every page as the byDate index has it (eventually consistent). */
  private async indexedPages(): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamoClient().send(
        new QueryCommand({
          TableName: this.table,
          IndexName: byDate.name,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': byDate.partitionKey },
          ExpressionAttributeValues: { ':pk': PAGES_INDEX_KEY },
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  }

  /** The pages at these paths, each read strongly consistently (BatchGetItem, 100 keys a request). */
  private async consistentPages(paths: readonly string[]): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    for (let i = 0; i < paths.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = paths.slice(i, i + 100).map(pageKey);
      while (keys && keys.length > 0) {
        const out: BatchGetCommandOutput = await dynamoClient().send(
          new BatchGetCommand({
            RequestItems: { [this.table]: { Keys: keys, ConsistentRead: true } },
          }),
        );
        items.push(...(out.Responses?.[this.table] ?? []));
        keys = out.UnprocessedKeys?.[this.table]?.Keys;
      }
    }
    return items;
  }

  async read(consistent: boolean): Promise<SiteSnapshot> {
    const [indexed, settings] = await Promise.all([
      this.indexedPages(),
      dynamoClient().send(
        new GetCommand({ TableName: this.table, Key: settingsKey, ConsistentRead: consistent }),
      ),
    ]);
    const pages = consistent
      ? await this.consistentPages(indexed.map((p) => String(p.path)))
      : indexed;
    const items = pages.map(pageItem);
    if (settings.Item)
      items.push({
        kind: 'settings',
        ref: '',
        title: 'Site settings',
        retired: false,
        copies: contentOf(settings.Item),
      });
    return {
      uses: usesOf(items),
      versions: {
        pages: pages.map((p) => ({
          path: String(p.path),
          version: num(p.version),
          site_version: num(p.site_version),
        })),
        settings: settings.Item ? num(settings.Item.version) : null,
      },
    };
  }

  async deleteUnlessChanged(
    id: string,
    versions: SiteVersions,
  ): Promise<'deleted' | 'changed' | 'in-use' | 'missing'> {
    type Refusal = 'changed' | 'claimed';
    const checks: Step<Refusal>[] = versions.pages.map((p) => ({
      item: {
        ConditionCheck: {
          TableName: this.table,
          Key: pageKey(p.path),
          ConditionExpression: 'version = :v AND site_version = :s',
          ExpressionAttributeValues: { ':v': p.version, ':s': p.site_version },
        },
      },
      refused: () => 'changed',
    }));
    checks.push({
      item: {
        ConditionCheck: {
          TableName: this.table,
          Key: settingsKey,
          ...(versions.settings === null
            ? {
                ConditionExpression: 'attribute_not_exists(#pk)',
                ExpressionAttributeNames: { '#pk': T.partitionKey },
              }
            : {
                ConditionExpression: 'version = :v',
                ExpressionAttributeValues: { ':v': versions.settings },
              }),
        },
      },
      refused: () => 'changed',
    });
    const remove: Step<Refusal> = {
      item: {
        Delete: {
          TableName: this.table,
          Key: mediaKey(id),
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(used_by)',
        },
      },
      refused: () => 'claimed',
    };
    // More pages than one transaction takes (100 actions): those past the first 98 are checked by
    // the read just before, not by the transaction (a site has 20–100 pages).
    const steps = [remove, ...checks.slice(0, MAX_TRANSACT_ITEMS - 1)];
    try {
      const outcome = await transact(dynamoClient(), steps);
      if (outcome.written) return 'deleted';
      if (outcome.refused === 'changed') return 'changed';
    } catch (error) {
      // Another transaction on one of these items at the same moment: read again and decide again.
      if (
        error instanceof TransactionCanceledException &&
        (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict')
      )
        return 'changed';
      throw error;
    }
    const now = await dynamoClient().send(
      new GetCommand({ TableName: this.table, Key: mediaKey(id), ConsistentRead: true }),
    );
    return now.Item ? 'in-use' : 'missing';
  }
}
