import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import {
  ListUsersCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { STAFF_GROUPS } from '@agency/shared';
import type { TestStack } from '../harness';

/** Records that refusals may legitimately write (throttle and rate counters, used captchas). */
const VOLATILE = /^(LOGIN|RATE|ALTCHA)#/;

/**
 * Everything the product stores (the tables but the audit trail, which records refusals too, the
 * media bucket, and the user pool's members, their state and groups), in a stable order, so a test
 * can assert that a batch of refused requests changed nothing. Test-only: a Scan is fine here.
 */
export async function dataSnapshot(stack: TestStack): Promise<string> {
  const tables = [
    stack.env.CONTENT_TABLE,
    stack.env.LEADS_TABLE,
    stack.env.VIEWS_TABLE,
    stack.env.STATS_TABLE,
    stack.env.TEAM_TABLE,
  ];
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
  const poolId = stack.env.USER_POOL_ID;
  const { Users } = await stack.clients.cognito.send(new ListUsersCommand({ UserPoolId: poolId }));
  parts.push(...(Users ?? []).map((u) => `user ${u.Username} ${u.Enabled} ${u.UserStatus}`).sort());
  for (const group of STAFF_GROUPS) {
    const members = await stack.clients.cognito.send(
      new ListUsersInGroupCommand({ UserPoolId: poolId, GroupName: group }),
    );
    parts.push(...(members.Users ?? []).map((u) => `${group} ${u.Username}`).sort());
  }
  return parts.join('\n');
}
