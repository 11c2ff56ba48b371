import { lazy, Suspense, useEffect, useState } from 'react';
import type { Office } from '@agency/shared';
import { StaticMap } from './static-map';

const GoogleMap = lazy(() => import('./google-map'));

/** Contact map: the drawn map in the server HTML; with a maps key, the Google map replaces it after hydration. */
export function OfficeMap({ office, apiKey }: { office: Office; apiKey: string | undefined }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!apiKey || !mounted) return <StaticMap office={office} />;
  return (
    <Suspense fallback={<StaticMap office={office} />}>
      <GoogleMap office={office} apiKey={apiKey} />
    </Suspense>
  );
}
