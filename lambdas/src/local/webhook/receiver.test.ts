import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSignature, startWebhookReceiver, type Delivery } from './receiver';

const SECRET = 'a-webhook-signing-key-0123456789';
const sign = (body: string, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function receiver(options: { secret?: string; failFirst?: number } = {}) {
  const reports: string[] = [];
  const started = await startWebhookReceiver({
    port: 0,
    ...options,
    onDelivery: (_d: Delivery, report: string) => reports.push(report),
  });
  server = started.server;
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${started.port}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lead-id': 'lead-1', ...headers },
      body,
    });
  return { ...started, reports, post };
}

describe('local webhook receiver', () => {
  const body = JSON.stringify({ text: 'New lead: Ada\nSubject: SEO', lead: { id: 'lead-1' } });

  it('accepts a body signed with its secret and prints the headers and the text', async () => {
    const r = await receiver({ secret: SECRET });
    const res = await r.post(body, { 'x-signature': sign(body) });
    expect(res.status).toBe(204);
    expect(r.deliveries).toMatchObject([{ leadId: 'lead-1', signature: 'valid', status: 204 }]);
    expect(r.reports[0]).toContain('x-lead-id:    lead-1');
    expect(r.reports[0]).toContain('signature:    valid');
    expect(r.reports[0]).toContain('│ New lead: Ada');
    expect(r.reports[0]).toContain('│ Subject: SEO');
  });

  it('refuses a wrong or missing signature with 401, as a verifying receiver does', async () => {
    const r = await receiver({ secret: SECRET });
    expect(
      (await r.post(body, { 'x-signature': sign(body, 'another-key-0123456789') })).status,
    ).toBe(401);
    // Signed over other bytes (the same JSON re-serialised with spaces) is wrong too.
    expect(
      (await r.post(JSON.stringify(JSON.parse(body), null, 1), { 'x-signature': sign(body) }))
        .status,
    ).toBe(401);
    expect((await r.post(body)).status).toBe(401);
    expect(r.deliveries.map((d) => d.signature)).toEqual(['invalid', 'invalid', 'unsigned']);
    expect(r.reports[2]).toContain('MISSING (answered 401)');
  });

  it('fails the first deliveries on request, then accepts', async () => {
    const r = await receiver({ failFirst: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await r.post(body)).status);
    expect(statuses).toEqual([503, 503, 204]);
    expect(r.deliveries[0]?.signature).toBe('unchecked');
  });

  it('checks signatures in constant time over the exact bytes', () => {
    const bytes = Buffer.from(body);
    expect(checkSignature(bytes, sign(body), SECRET)).toBe('valid');
    expect(checkSignature(bytes, sign(body).slice(0, -1), SECRET)).toBe('invalid');
    expect(checkSignature(bytes, undefined, SECRET)).toBe('unsigned');
    expect(checkSignature(bytes, sign(body), undefined)).toBe('unchecked');
  });
});
