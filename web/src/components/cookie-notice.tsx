import { useEffect, useState } from 'react';
import {
  acceptCookies,
  COOKIE_FLAG,
  COOKIE_SHOWN_CLASS,
  cookiesAccepted,
} from '../page-script/cookie-notice';

export { COOKIE_FLAG };

/**
 * Cookie notice, shown until OK is pressed once in this browser. The server renders it hidden (a
 * visitor who accepted sees no flash; it is a fixed bar, so showing it moves nothing): this
 * component, or on a public page the page script (page-script/cookie-notice.ts), shows it. Without
 * JavaScript it shows from the start and its OK link hides it for the page (`:target`, shell.css).
 */
export function CookieNotice() {
  // null until the browser's flag is read, which the server cannot.
  const [visible, setVisible] = useState<boolean | null>(null);
  useEffect(() => setVisible(!cookiesAccepted()), []);
  if (visible === false) return null;
  return (
    <section
      id="cookie-notice"
      className={`cookie-notice${visible ? ` ${COOKIE_SHOWN_CLASS}` : ''}`}
      aria-label="Cookie notice"
    >
      <p>Cookies here only count blog post views.</p>
      <button
        type="button"
        className="btn btn--primary btn--small"
        onClick={() => {
          acceptCookies();
          setVisible(false);
        }}
      >
        OK
      </button>
      <noscript>
        <a className="btn btn--primary btn--small cookie-notice__nojs" href="#cookie-notice">
          OK
        </a>
      </noscript>
    </section>
  );
}
