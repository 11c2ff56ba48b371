import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
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

// The browser's newest published settings: those the first document carried, then those of every
// page HTML it fetches on a client-side navigation (a page carries the settings it was rendered
// with, and a settings publish renders every page again). So a phone number corrected while a
// visitor is on the site reaches them on their next page, without a reload.
let seen: SiteSettings | undefined;
let seenJson = '';
const seenListeners = new Set<() => void>();

/** Settings read from a published page (the document, or a page fetched on navigation). */
export function settingsSeen(settings: SiteSettings): void {
  const json = JSON.stringify(settings);
  if (json === seenJson) return;
  seen = settings;
  seenJson = json;
  for (const listener of seenListeners) listener();
}

const subscribeSeen = (listener: () => void): (() => void) => {
  seenListeners.add(listener);
  return () => seenListeners.delete(listener);
};
const getSeen = (): SiteSettings | undefined => seen;

/** The newest settings the browser has read from a published page (undefined before any). */
export function useSeenSettings(): SiteSettings | undefined {
  return useSyncExternalStore(subscribeSeen, getSeen, getSeen);
}

/** The number a services menu group shows: "01", "02", … */
export const groupNumber = (index: number): string => String(index + 1).padStart(2, '0');
