import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { solveForForm } from '../support/captcha-solver';
import { TABLES } from '../../src/platform/aws/tables';
import { retryPendingLeadEmails } from '../../src/modules/lead-delivery/jobs/retry-lead-emails';
import { startTestStack, type TestStack } from '../harness';
import { overrideEnv, QUICK_ENQUIRIES } from '../support/enquiry-env';

let stack: TestStack;
let restoreEnv: () => void;

beforeAll(async () => {
  restoreEnv = overrideEnv(QUICK_ENQUIRIES);
  stack = await startTestStack();
});
afterAll(async () => {
  restoreEnv();
  await stack?.stop();
});

async function pendingCount(): Promise<number> {
  const index = TABLES.leads.indexes.pending;
  const res = await stack.clients.dynamo.send(
    new QueryCommand({
      TableName: stack.env.LEADS_TABLE,
      IndexName: index.name,
      KeyConditionExpression: '#pk = :p',
      ExpressionAttributeNames: { '#pk': index.partitionKey },
      ExpressionAttributeValues: { ':p': 'PENDING' },
      Select: 'COUNT',
    }),
  );
  return res.Count ?? 0;
}

describe('fault: the SES stand-in is down while 100 leads arrive', () => {
  it('stores and acknowledges all 100, then delivers each e-mail exactly once when SES is back', async () => {
    const N = 100;
    const solutions = await Promise.all(
      Array.from({ length: N }, async () =>
        solveForForm((await stack.invoke('getCaptchaChallenge')).json),
      ),
    );
    const mailsBefore = (await stack.sesMessages()).length;
    await stack.stopSes();
    const answers = await Promise.all(
      solutions.map((altcha, i) =>
        stack.invoke('createLead', {
          sourceIp: `10.20.${Math.floor(i / 4)}.${i % 4}`,
          multipart: {
            name: `Outage visitor ${i}`,
            phone: '+1 312 555 0100',
            email: `visitor${i}@example.com`,
            subject: 'Digital marketing',
            message: `Lead number ${i} during the outage`,
            altcha,
          },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(201));
    const ids = answers.map((a) => (a.json as { data: { id: string } }).data.id);
    expect(new Set(ids).size).toBe(N);

    const token = await stack.adminToken();
    const stored = new Set<string>();
    for (let page = 1; ; page++) {
      const list = await stack.invoke('listLeads', { token, query: { page } });
      const body = list.json as {
        results: { id: string; email_status: string }[];
        next: string | null;
      };
      for (const lead of body.results) {
        stored.add(lead.id);
        expect(lead.email_status).toBe('pending');
      }
      if (!body.next) break;
    }
    for (const id of ids) expect(stored.has(id)).toBe(true);
    expect(await pendingCount()).toBe(N);

    await stack.startSes();
    // The retry job runs on a schedule; run it until nothing is pending (leases may defer a few),
    // its clock an hour further each run: past the backoff of the e-mails that failed.
    let clock = Date.now();
    for (let round = 0; round < 20 && (await pendingCount()) > 0; round++) {
      clock += 3_600_000;
      const now = () => clock;
      await Promise.all([retryPendingLeadEmails({ now }), retryPendingLeadEmails({ now })]);
    }
    expect(await pendingCount()).toBe(0);
    const mails = (await stack.sesMessages()).slice(mailsBefore);
    expect(mails).toHaveLength(N);
    const numbers = mails.map((m) => /Lead number (\d+)/.exec(m.body.text ?? '')?.[1]);
    expect(new Set(numbers).size).toBe(N);
  }, 240_000);
});
