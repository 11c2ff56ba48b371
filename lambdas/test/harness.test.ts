import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateTableCommand,
  DescribeTableCommand,
  PutItemCommand,
  QueryCommand as RawQuery,
} from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoAccountStore } from '../src/platform/staff/account-store';
import { sesClient } from '../src/modules/lead-delivery/adapters/ses-mailer';
import { requireStaff } from '../src/platform/staff/auth';
import { DomainError } from '../src/platform/errors';
import { ensureTable, tableDefinition } from '../src/local/provisioning/tables';
import { startTestStack, type TestStack } from './harness';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const send = (subject: string) =>
  sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: stack.env.MAIL_FROM,
      Destination: { ToAddresses: [stack.env.MAIL_TO] },
      Content: {
        Simple: {
          Subject: { Data: subject },
          Body: { Text: { Data: 'Hello from the harness test' } },
        },
      },
    }),
  );

describe('startTestStack', () => {
  it('creates the four tables with their indexes and the media bucket', async () => {
    const { Table: content } = await stack.clients.dynamo.send(
      new DescribeTableCommand({ TableName: stack.env.CONTENT_TABLE }),
    );
    expect(content?.TableStatus).toBe('ACTIVE');
    expect(content?.GlobalSecondaryIndexes?.map((g) => g.IndexName).sort()).toEqual([
      'byDate',
      'unpublished',
    ]);
    const { Table: leads } = await stack.clients.dynamo.send(
      new DescribeTableCommand({ TableName: stack.env.LEADS_TABLE }),
    );
    expect(leads?.GlobalSecondaryIndexes?.map((g) => g.IndexName).sort()).toEqual([
      'byDate',
      'byStatus',
      'pending',
    ]);
    const { Table: stats } = await stack.clients.dynamo.send(
      new DescribeTableCommand({ TableName: stack.env.STATS_TABLE }),
    );
    expect(stats?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    const { Table: views } = await stack.clients.dynamo.send(
      new DescribeTableCommand({ TableName: stack.env.VIEWS_TABLE }),
    );
    expect(views?.KeySchema).toEqual([{ AttributeName: 'postId', KeyType: 'HASH' }]);
    await expect(
      stack.clients.s3.send(new HeadBucketCommand({ Bucket: stack.env.MEDIA_BUCKET })),
    ).resolves.toBeDefined();
  });

  it('adds an index TABLES gained to a table created before it, keeping its items', async () => {
    const old = tableDefinition('content', 'content-before-lifecycle');
    const kept = (old.GlobalSecondaryIndexes ?? []).filter((g) => g.IndexName === 'byDate');
    await stack.clients.dynamo.send(
      new CreateTableCommand({
        ...old,
        GlobalSecondaryIndexes: kept,
        AttributeDefinitions: old.AttributeDefinitions?.filter(
          (a) => !a.AttributeName?.startsWith('gsi2'),
        ),
      }),
    );
    await stack.clients.dynamo.send(
      new PutItemCommand({
        TableName: 'content-before-lifecycle',
        Item: {
          pk: { S: 'POST#1' },
          sk: { S: 'POST' },
          gsi2pk: { S: 'DRAFT' },
          gsi2sk: { S: 'a' },
        },
      }),
    );
    await ensureTable(stack.clients.dynamo, 'content', 'content-before-lifecycle');
    const { Table } = await stack.clients.dynamo.send(
      new DescribeTableCommand({ TableName: 'content-before-lifecycle' }),
    );
    expect(Table?.GlobalSecondaryIndexes?.map((g) => g.IndexName).sort()).toEqual([
      'byDate',
      'unpublished',
    ]);
    const drafts = await stack.clients.dynamo.send(
      new RawQuery({
        TableName: 'content-before-lifecycle',
        IndexName: 'unpublished',
        KeyConditionExpression: 'gsi2pk = :d',
        ExpressionAttributeValues: { ':d': { S: 'DRAFT' } },
      }),
    );
    expect(drafts.Count).toBe(1);
  });

  it('seeds categories and authors in the shared item layout', async () => {
    const { Items } = await stack.clients.doc.send(
      new QueryCommand({
        TableName: stack.env.CONTENT_TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'CATEGORY' },
      }),
    );
    expect(Items?.[0]).toEqual({
      pk: 'CATEGORY',
      sk: '000001',
      id: 1,
      category: 'Digital Marketing',
      posts: 0,
    });
    expect(Items?.length).toBeGreaterThanOrEqual(5);
  });

  it('gives an admin token that verifies as an administrator, and a user token that is refused with 403', async () => {
    const admin = await requireStaff(`Bearer ${await stack.adminToken()}`, 'listLeads');
    expect(admin.groups).toContain('admins');
    const refused = await requireStaff(`Bearer ${await stack.userToken()}`, 'listPosts').catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused instanceof DomainError && refused.kind).toBe('forbidden');
  });

  it('provisions the team and audit tables, an editor, a disabled admin and a signed-out admin', async () => {
    for (const table of [stack.env.TEAM_TABLE, stack.env.AUDIT_TABLE]) {
      const { Table } = await stack.clients.dynamo.send(
        new DescribeTableCommand({ TableName: table }),
      );
      expect(Table?.TableStatus, table).toBe('ACTIVE');
    }
    const claims = (token: string): Record<string, unknown> =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(claims(await stack.editorToken())['cognito:groups']).toEqual(['editors']);
    // Disabled in the user pool too, which no longer signs it in: the token from before is all there is.
    const user = await stack.clients.cognito.send(
      new AdminGetUserCommand({
        UserPoolId: stack.env.USER_POOL_ID,
        Username: stack.disabledEmail,
      }),
    );
    expect(user.Enabled).toBe(false);
    await expect(stack.signIn(stack.disabledEmail, 'Disabled-Passw0rd!2024')).rejects.toThrow();
    const disabled = claims(await stack.disabledToken());
    const record = await new DynamoAccountStore().get(String(disabled.sub));
    expect(record).toMatchObject({ enabled: false, email: stack.disabledEmail });
    const signedOut = claims(await stack.signedOutToken());
    const signedOutRecord = await new DynamoAccountStore().get(String(signedOut.sub));
    expect(signedOutRecord?.validAfter).toBeGreaterThan(Number(signedOut.iat));
    // signIn answers Cognito's own output (tokens here; a challenge for accounts that need one).
    const answer = await stack.signIn(stack.editorEmail, stack.editorPassword);
    expect(answer.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
  });

  it('catches e-mails sent through SESv2, and can take the SES stand-in down and back', async () => {
    await send('First message');
    const [first] = await stack.sesMessages();
    expect(first?.subject).toBe('First message');
    expect(first?.destination.to).toEqual([stack.env.MAIL_TO]);

    await stack.stopSes();
    await expect(send('While down')).rejects.toThrow();
    await stack.startSes();
    await send('After restart');
    expect((await stack.sesMessages()).map((m) => m.subject)).toEqual([
      'First message',
      'After restart',
    ]);
  });

  it("answers unknown API paths, wrong methods and OPTIONS with API Gateway's own 404", async () => {
    const unknown = await stack.request('GET', '/api/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: 'Not Found' });
    const wrong = await stack.request('GET', '/api/lead');
    expect(wrong.status).toBe(404);
    expect(wrong.json).toEqual({ message: 'Not Found' });
    // The edge answers the preflights it allows; like the HTTP API (no CORS configuration, no
    // OPTIONS routes), the API itself has nothing for OPTIONS.
    const preflight = await stack.request('OPTIONS', '/api/lead');
    expect(preflight.status).toBe(404);
  });
});
