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
 * Store each seeded page whose path has no record (and the settings where there are none), published
 * as built: a fresh stack gets every page, and a page added to the build later joins an existing
 * one, while pages staff changed, and retired ones (their records stay), are left as they are. The
 * deploy job then renders every live page; locally the build's own HTML of them is already served.
 */
export async function seedPages(
  deps: Pick<PageDeps, 'pages' | 'settings' | 'now'>,
  seed: unknown,
): Promise<{ pages: number; settings: boolean }> {
  const parsed = pageSeed.parse(seed);
  const now = (deps.now?.() ?? new Date()).toISOString();
  let pages = 0;
  const stored = new Set((await deps.pages.all()).map((p) => p.path));
  for (const { path, ...input } of parsed.pages.filter((p) => !stored.has(p.path))) {
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
