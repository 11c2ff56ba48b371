import { renderPagesAnswer, type RenderPagesEvent, type SiteSettings } from '@agency/shared';
import type { PageRenderer, PageToRender, RenderedDocument } from '../domain/ports';
import { renderFunction } from '../../../platform/env';
import { invokeFunction } from '../../../platform/aws/invoke-function';

/**
 * The render function (RENDER_FUNCTION), invoked directly through the Lambda API with
 * `{ action: 'renderPages', pages, settings, withFixedPages }` (shared `renderPagesEvent`); it answers
 * `{ documents: [{ path, html, card }] }`, complete HTML documents and the title cards they name.
 * The local stack's Lambda API stand-in runs the same handler.
 */
export class LambdaPageRenderer implements PageRenderer {
  async render(
    pages: PageToRender[],
    settings: SiteSettings,
    withFixedPages = false,
  ): Promise<RenderedDocument[]> {
    const event: RenderPagesEvent = { action: 'renderPages', pages, settings, withFixedPages };
    const text = await invokeFunction(renderFunction(), event, 'render function');
    const parsed = renderPagesAnswer.safeParse(JSON.parse(text || 'null'));
    if (!parsed.success)
      throw new Error(`render function answered something else: ${parsed.error.message}`);
    if ('error' in parsed.data) throw new Error(`render function refused: ${parsed.data.error}`);
    return parsed.data.documents;
  }
}
