import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../env';
import { dynamoClient } from './clients';
import type { JobMarkers } from '../ports';
import { KEY_PREFIXES } from './tables';

const markerKey = (job: string) => ({ pk: `${KEY_PREFIXES.content.job}${job}`, sk: 'JOB' });

/** Finished one-off jobs, one item each in the content table. */
export class DynamoJobMarkers implements JobMarkers {
  async isDone(job: string): Promise<boolean> {
    const out = await dynamoClient().send(
      new GetCommand({
        TableName: tableName('content'),
        Key: markerKey(job),
        ConsistentRead: true,
      }),
    );
    return out.Item !== undefined;
  }

  async markDone(job: string): Promise<void> {
    await dynamoClient().send(
      new PutCommand({
        TableName: tableName('content'),
        Item: { ...markerKey(job), doneAt: new Date().toISOString() },
      }),
    );
  }
}
