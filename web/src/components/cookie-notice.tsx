import { useEffect, useState } from 'react';

/** The browser flag that records acceptance (spec: hidden permanently once OK is pressed). */
export const COOKIE_FLAG = 'cookieAccepted';

function accepted(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_FLAG) === 'true';
  } catch {
    return false;
  }
}

/** Cookie notice: shown after hydration until OK is pressed once in this browser. */
export function CookieNotice() {
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(!accepted()), []);
  if (!visible) return null;
  const accept = (): void => {
    try {
      window.localStorage.setItem(COOKIE_FLAG, 'true');
    } catch {
      // Private mode without storage: hide for this visit only.
    }
    setVisible(false);
  };
  return (
    <section className="cookie-notice" role="region" aria-label="Cookie notice">
      <p>Cookies here only count blog post views.</p>
      <button type="button" className="btn btn--primary btn--small" onClick={accept}>
        OK
      </button>
    </section>
  );
}
