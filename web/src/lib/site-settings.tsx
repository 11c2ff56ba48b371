import { createContext, useContext, type ReactNode } from 'react';
import type { SiteSettings } from '@agency/shared';
import { SEED_SITE_SETTINGS } from '../content/site-settings';

export type { Office, SiteSettings } from '@agency/shared';

/**
 * The site settings a page renders with (header, footer, contact details, chat button, organisation
 * JSON-LD). The server passes those it renders with and embeds them in the page; the browser reads
 * them back from there, so a page shows the settings it was published with, never ones baked into
 * the JavaScript. Without a provider (the admin's app shell, tests), the seed.
 */
const SiteSettingsContext = createContext<SiteSettings>(SEED_SITE_SETTINGS);

export function SiteSettingsProvider({
  settings,
  children,
}: {
  settings: SiteSettings | undefined;
  children: ReactNode;
}) {
  return (
    <SiteSettingsContext.Provider value={settings ?? SEED_SITE_SETTINGS}>
      {children}
    </SiteSettingsContext.Provider>
  );
}

export function useSiteSettings(): SiteSettings {
  return useContext(SiteSettingsContext);
}

/** The number a services menu group shows: "01", "02", … */
export const groupNumber = (index: number): string => String(index + 1).padStart(2, '0');
