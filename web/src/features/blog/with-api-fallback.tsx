import { useContext, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ApiFallbackContext } from '../../lib/api-fallback';

/** SWR for a blog page, seeded with the answers its server render used (merged into any outer config). */
export function WithApiFallback({ children }: { children: ReactNode }) {
  const fallback = useContext(ApiFallbackContext);
  return <SWRConfig value={{ fallback }}>{children}</SWRConfig>;
}
