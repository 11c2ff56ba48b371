import { lazy, Suspense, useEffect, useState } from 'react';

const AltchaWidget = lazy(() => import('./altcha-widget'));

export interface CaptchaFieldProps {
  onChange: (payload: string | null) => void;
}

/** The captcha slot of the enquiry form: reserved in the server HTML, filled by the lazily loaded widget in the browser. */
export function CaptchaField({ onChange }: CaptchaFieldProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <div className="enquiry__captcha">
      {mounted ? (
        <Suspense fallback={<p className="enquiry__captcha-loading">Loading the captcha…</p>}>
          <AltchaWidget onChange={onChange} />
        </Suspense>
      ) : (
        <noscript>
          <p>Please enable JavaScript to solve the captcha, or call us on the numbers below.</p>
        </noscript>
      )}
    </div>
  );
}
