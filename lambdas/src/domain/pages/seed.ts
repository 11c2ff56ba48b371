import { pageContent, pagePathSchema, siteSettings } from '@agency/shared';
import * as z from 'zod';
import { cleanContent } from './content';
import type { PageDeps, PageRecord } from './ports';

/**
 * The web build's seed (`web/dist-server/seed-pages.json`, `@agency/web/seed-pages.json`): the
 * marketing pages as they are built, and the site settings.
 */
export const pageSeed = z.object({
  pages: z.array(pageContent.extend({ path: pagePathSchema })),
  settings: siteSettings,
});
export type PageSeed = z.output<typeof pageSeed>;

/**
 * Store the seed where the table has no page (and the settings where there are none): each page
 * published as built. The build's own HTML of them is already on the site, so they count as rendered.
 */
export async function seedPages(
  deps: Pick<PageDeps, 'pages' | 'settings' | 'now'>,
  seed: unknown,
): Promise<{ pages: number; settings: boolean }> {
  const parsed = pageSeed.parse(seed);
  const now = (deps.now?.() ?? new Date()).toISOString();
  let pages = 0;
  if ((await deps.pages.all()).length === 0) {
    for (const { path, ...input } of parsed.pages) {
      const content = cleanContent(input);
      const record: PageRecord = {
        path,
        content,
        published: content,
        version: 1,
        published_version: 1,
        reason: 'publish',
        updated_at: now,
        updated_by: null,
        published_at: now,
        site_version: 1,
        rendered_version: 1,
        retired_at: null,
        redirect_to: null,
      };
      if ((await deps.pages.create(record, null)) === 'written') pages++;
    }
  }
  let settings = false;
  if ((await deps.settings.getSettings()) === null)
    settings =
      (await deps.settings.putSettings(
        {
          settings: parsed.settings,
          version: 1,
          updated_at: now,
          updated_by: null,
          rendered_version: 1,
        },
        0,
      )) === 'written';
  return { pages, settings };
}
