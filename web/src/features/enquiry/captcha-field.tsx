import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';

const AltchaWidget = lazy(() => import('./altcha-widget'));

export interface CaptchaFieldProps {
  onChange: (payload: string | null) => void;
}

/**
 * Whether the visitor has started on the form: something in it has had focus (or the pointer). The
 * widget, its worker and its challenge load then, while the visitor fills in the fields, so pages
 * never fetch them for a form nobody uses.
 */
function useStarted(ref: RefObject<HTMLElement | null>): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const form = ref.current?.closest('form') ?? ref.current;
    if (!form || started) return;
    const start = () => setStarted(true);
    if (form.contains(document.activeElement)) start();
    form.addEventListener('focusin', start);
    form.addEventListener('pointerdown', start);
    return () => {
      form.removeEventListener('focusin', start);
      form.removeEventListener('pointerdown', start);
    };
  }, [ref, started]);
  return started;
}

/** The captcha slot of the enquiry form: reserved in the server HTML, filled by the lazily loaded widget in the browser. */
export function CaptchaField({ onChange }: CaptchaFieldProps) {
  const slot = useRef<HTMLDivElement>(null);
  const started = useStarted(slot);
  return (
    <div className="enquiry__captcha" ref={slot}>
      {started ? (
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
