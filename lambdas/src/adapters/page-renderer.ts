import * as z from 'zod';
import type { SiteSettings } from '@agency/shared';
import type { PageRenderer, PageToRender } from '../domain/pages/ports';
import { renderFunction } from '../lib/env';
import { cachedClient } from './clients';

const lambdaClient = cachedClient(async () => {
  const { LambdaClient } = await import('@aws-sdk/client-lambda');
  return new LambdaClient({});
});

const answer = z.object({
  documents: z.array(z.object({ path: z.string(), html: z.string().min(1) })),
});

/**
 * The render function (RENDER_FUNCTION), invoked directly through the Lambda API with
 * `{ action: 'renderPages', pages, settings, fixedPaths }`; it answers `{ documents: [{ path, html }] }`,
 * complete HTML documents. The local stack's Lambda API stand-in runs the same handler.
 */
export class LambdaPageRenderer implements PageRenderer {
  async render(
    pages: PageToRender[],
    settings: SiteSettings,
    fixed: readonly string[] = [],
  ): Promise<{ path: string; html: string }[]> {
    const { InvokeCommand } = await import('@aws-sdk/client-lambda');
    const out = await (
      await lambdaClient()
    ).send(
      new InvokeCommand({
        FunctionName: renderFunction(),
        InvocationType: 'RequestResponse',
        Payload: new TextEncoder().encode(
          JSON.stringify({ action: 'renderPages', pages, settings, fixedPaths: fixed }),
        ),
      }),
    );
    const text = out.Payload ? new TextDecoder().decode(out.Payload) : '';
    if (out.FunctionError)
      throw new Error(`render function failed (${out.FunctionError}): ${text}`);
    const parsed = answer.safeParse(JSON.parse(text || 'null'));
    if (!parsed.success)
      throw new Error(`render function answered something else: ${parsed.error.message}`);
    return parsed.data.documents;
  }
}
