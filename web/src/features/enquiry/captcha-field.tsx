import { lazy, Suspense } from 'react';
import type { CaptchaState } from './use-captcha';

const AltchaWidget = lazy(() => import('./altcha-widget'));

export interface CaptchaFieldProps {
  /** The visitor has started on the form: load the widget, its worker and its challenge now. */
  started: boolean;
  onState: (state: CaptchaState) => void;
  /** The page view's signed start, for every challenge after the first. */
  start: string | null;
}

/**
 * The captcha slot of the enquiry form: reserved in the server HTML at the widget's height, filled
 * by the lazily loaded widget in the browser (a same-size stand-in while it loads).
 */
export function CaptchaField({ started, onState, start }: CaptchaFieldProps) {
  return (
    <div className="enquiry__captcha">
      {started ? (
        <Suspense fallback={<p className="enquiry__captcha-loading">Loading the captcha…</p>}>
          <AltchaWidget onState={onState} start={start} />
        </Suspense>
      ) : (
        <noscript>
          <p>Please enable JavaScript to solve the captcha, or call us on the numbers below.</p>
        </noscript>
      )}
    </div>
  );
}
