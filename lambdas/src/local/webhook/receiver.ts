import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import * as z from 'zod';
import { webhookSignature } from '../../modules/lead-delivery/domain/webhook';

/**
 * A lead webhook receiver for trying the webhook on one machine (`npm run webhook:receive`): it
 * prints each delivery and checks its signature the way a receiver in production should, so a
 * developer sees what Slack or a CRM would get. It can also fail the first deliveries, to watch the
 * retry job deliver them later.
 */

/** Signature header the site sends when LEAD_WEBHOOK_SECRET is set: `sha256=<hex HMAC of the body>`. */
export const SIGNATURE_HEADER = 'x-signature';

export type SignatureCheck = 'valid' | 'invalid' | 'unsigned' | 'unchecked';

/**
 * Check `X-Signature` against the HMAC-SHA256 of the body as received (never of re-serialised
 * JSON; the site signs the UTF-8 text it sends, with the same function), in constant time.
 * `unchecked`: this receiver has no secret to check with.
 */
export function checkSignature(
  body: Buffer,
  header: string | undefined,
  secret: string | undefined,
): SignatureCheck {
  if (!secret) return 'unchecked';
  if (!header) return 'unsigned';
  const expected = Buffer.from(webhookSignature(body.toString('utf8'), secret));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'valid' : 'invalid';
}

export interface Delivery {
  at: Date;
  leadId: string | undefined;
  signature: SignatureCheck;
  /** The Slack-style message, when the body has one. */
  text: string | undefined;
  /** The status this receiver answered. */
  status: number;
}

export interface ReceiverOptions {
  port: number;
  host?: string;
  /** Checks X-Signature with it; a delivery signed wrongly (or not at all) is answered 401. */
  secret?: string;
  /** Answer 503 to this many deliveries first (a receiver outage the retries must get past). */
  failFirst?: number;
  /** Where each delivery is reported (the CLI prints it). */
  onDelivery?: (delivery: Delivery, report: string) => void;
}

/** Largest body accepted: a lead with every field at its limit is far smaller. */
const MAX_BODY_BYTES = 1024 * 1024;

const payloadSchema = z.object({ text: z.string().optional() }).loose();

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function textOf(body: Buffer): string | undefined {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(body.toString('utf8')));
    return parsed.success ? parsed.data.text : undefined;
  } catch {
    return undefined;
  }
}

/** Start the receiver; resolves with the server and its port once it listens. */
export async function startWebhookReceiver(
  options: ReceiverOptions,
): Promise<{ server: Server; port: number; deliveries: Delivery[] }> {
  const deliveries: Delivery[] = [];
  let toFail = options.failFirst ?? 0;
  const server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    readBody(req).then(
      (body) => {
        const header = req.headers[SIGNATURE_HEADER];
        const signature = checkSignature(
          body,
          Array.isArray(header) ? header[0] : header,
          options.secret,
        );
        const rejected = signature === 'invalid' || signature === 'unsigned';
        const failing = !rejected && toFail > 0;
        if (failing) toFail -= 1;
        const status = rejected ? 401 : failing ? 503 : 204;
        const leadId = req.headers['x-lead-id'];
        const delivery: Delivery = {
          at: new Date(),
          leadId: Array.isArray(leadId) ? leadId[0] : leadId,
          signature,
          text: textOf(body),
          status,
        };
        deliveries.push(delivery);
        options.onDelivery?.(delivery, reportOf(delivery, req, failing));
        res.writeHead(status).end();
      },
      () => {
        if (!res.headersSent) res.writeHead(413).end();
      },
    );
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      const address = server.address();
      resolve(address !== null && typeof address !== 'string' ? address.port : options.port);
    });
  });
  return { server, port, deliveries };
}

function reportOf(delivery: Delivery, req: IncomingMessage, failing: boolean): string {
  const signature = {
    valid: 'valid',
    invalid: 'INVALID (answered 401)',
    unsigned: 'MISSING (answered 401)',
    unchecked: 'not checked (no LEAD_WEBHOOK_SECRET here)',
  }[delivery.signature];
  return [
    `── ${delivery.at.toISOString()}  ${req.method ?? ''} ${req.url ?? ''}  → ${delivery.status}${failing ? ' (failing on purpose)' : ''}`,
    `   content-type: ${req.headers['content-type'] ?? '(none)'}`,
    `   x-lead-id:    ${delivery.leadId ?? '(none)'}`,
    `   signature:    ${signature}`,
    ...(delivery.text ?? '(no text field)').split('\n').map((line) => `   │ ${line}`),
    '',
  ].join('\n');
}
