/**
 * `npm run webhook:receive [port]`: a local lead webhook receiver. Start it, then `npm start` with
 * LEAD_WEBHOOK_URL=http://127.0.0.1:<port>/ (and the same LEAD_WEBHOOK_SECRET to check signatures);
 * WEBHOOK_FAIL_FIRST=n answers the first n deliveries 503 to watch the retries.
 */
import * as z from 'zod';
import { startWebhookReceiver } from './receiver';

const settings = z
  .object({
    port: z.coerce.number().int().min(0).max(65535).default(4010),
    LEAD_WEBHOOK_SECRET: z.string().min(1).optional(),
    WEBHOOK_FAIL_FIRST: z.coerce.number().int().nonnegative().default(0),
  })
  .parse({ ...process.env, port: process.argv[2] });

const { port } = await startWebhookReceiver({
  port: settings.port,
  ...(settings.LEAD_WEBHOOK_SECRET ? { secret: settings.LEAD_WEBHOOK_SECRET } : {}),
  failFirst: settings.WEBHOOK_FAIL_FIRST,
  onDelivery: (_delivery, report) => process.stdout.write(`${report}\n`),
});
process.stdout.write(
  [
    `Lead webhook receiver on http://127.0.0.1:${port}/`,
    `  Try it: LEAD_WEBHOOK_URL=http://127.0.0.1:${port}/${settings.LEAD_WEBHOOK_SECRET ? ' LEAD_WEBHOOK_SECRET=…(the same)' : ''} npm start`,
    `  Signatures: ${settings.LEAD_WEBHOOK_SECRET ? 'checked with LEAD_WEBHOOK_SECRET' : 'not checked (set LEAD_WEBHOOK_SECRET to check them)'}`,
    ...(settings.WEBHOOK_FAIL_FIRST
      ? [`  Failing the first ${settings.WEBHOOK_FAIL_FIRST} deliveries with 503`]
      : []),
    '  Ctrl-C stops it.',
    '',
  ].join('\n'),
);
