import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { TestStack } from '../harness';

/** Records that refusals may legitimately write (throttle and rate counters, used captchas). */
const VOLATILE = /^(LOGIN|RATE|ALTCHA)#/;

/**
 * Everything the product stores (the three tables and the media bucket), in a stable order, so a test
 * can assert that a batch of refused requests changed nothing. Test-only: a Scan is fine here.
 */
export async function dataSnapshot(stack: TestStack): Promise<string> {
  const tables = [stack.env.CONTENT_TABLE, stack.env.LEADS_TABLE, stack.env.VIEWS_TABLE];
  const parts: string[] = [];
  for (const table of tables) {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await stack.clients.dynamo.send(
        new ScanCommand({ TableName: table, ExclusiveStartKey: start }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    const kept = items.filter((i) => !(typeof i.pk === 'string' && VOLATILE.test(i.pk)));
    parts.push(...kept.map((i) => `${table} ${JSON.stringify(i, Object.keys(i).sort())}`).sort());
  }
  const objects = await stack.clients.s3.send(
    new ListObjectsV2Command({ Bucket: stack.env.MEDIA_BUCKET }),
  );
  parts.push(...(objects.Contents ?? []).map((o) => `s3 ${o.Key} ${o.Size}`).sort());
  return parts.join('\n');
}
