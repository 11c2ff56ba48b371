import { createContext, useContext } from 'react';
import type { PageModules } from './page-modules';

/** The pages of the running entry (lazy in the browser, eager on the server); kept apart so the server bundle skips the lazy imports. */
export const PageModulesContext = createContext<PageModules | null>(null);

export function usePageModules(): PageModules {
  const pages = useContext(PageModulesContext);
  if (!pages) throw new Error('AppProviders is missing: no page modules');
  return pages;
}
