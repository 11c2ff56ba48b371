import type { SiteSettings } from '@agency/shared';
import { badGateway, notFound, stale } from '../../../platform/errors';
import { assertLibraryImages } from './library-images';
import { renderEverything } from './live';
import type { PageActor, PageDeps, SettingsRecord } from './ports';

export type StoredSettings = Omit<SettingsRecord, 'rendered_version'>;

const present = ({ rendered_version: _r, ...rest }: SettingsRecord): StoredSettings => rest;

export async function getSiteSettings(deps: Pick<PageDeps, 'settings'>): Promise<StoredSettings> {
  const stored = await deps.settings.getSettings();
  if (!stored) throw notFound('The site settings');
  return present(stored);
}

/** The settings as visitors see them (the blog pages' header and footer). */
export async function getLiveSiteSettings(deps: Pick<PageDeps, 'settings'>): Promise<SiteSettings> {
  const stored = await deps.settings.getSettings();
  if (!stored) throw notFound('The site settings');
  return stored.settings;
}

/**
 * Save and publish the settings (admins): every live page and the fixed pages are rendered again
 * with them. Saved first; a render that fails answers 502 and the publish job finishes it.
 */
export async function updateSiteSettings(
  deps: PageDeps,
  input: { settings: SiteSettings; version: number },
  actor: PageActor,
): Promise<StoredSettings> {
  const stored = await deps.settings.getSettings();
  const current = stored?.version ?? 0;
  const STALE =
    'The settings changed since you opened them. Reload them, then make your change again.';
  if (input.version !== current) throw stale(STALE);
  // A single conditional put: checked before it (a delete after it sees the settings and refuses).
  await assertLibraryImages(deps.media, input.settings, ['settings']);
  const next: SettingsRecord = {
    settings: input.settings,
    version: current + 1,
    updated_at: (deps.now?.() ?? new Date()).toISOString(),
    updated_by: actor.username,
    rendered_version: stored?.rendered_version ?? 0,
  };
  if ((await deps.settings.putSettings(next, current)) === 'stale') throw stale(STALE);
  try {
    await renderEverything(deps, next);
    await deps.settings.markSettingsRendered(next.version);
  } catch (error) {
    deps.log.warn(
      'site settings saved but the pages were not rendered again; the publish job retries',
      {
        error,
      },
    );
    throw badGateway(
      'The settings are saved, but rendering the pages again failed; they go live by themselves within a minute.',
    );
  }
  return present(next);
}
