/** The browser flag that records acceptance (spec: hidden permanently once OK is pressed). */
export const COOKIE_FLAG = 'cookieAccepted';
/** Class that shows the notice: the server renders it hidden, so a visitor who accepted sees no flash. */
export const COOKIE_SHOWN_CLASS = 'is-shown';

/** Whether this browser pressed OK before (false where storage is blocked). */
export function cookiesAccepted(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_FLAG) === 'true';
  } catch {
    return false;
  }
}

/** Record OK in this browser. */
export function acceptCookies(): void {
  try {
    window.localStorage.setItem(COOKIE_FLAG, 'true');
  } catch {
    // Private mode without storage: hidden for this visit only.
  }
}

/** Shows the server-rendered notice (components/cookie-notice.tsx) until OK is pressed once. */
export function startCookieNotice(doc: Document, signal?: AbortSignal): void {
  const notice = doc.querySelector('.cookie-notice');
  if (!notice) return;
  if (cookiesAccepted()) {
    notice.remove();
    return;
  }
  notice.classList.add(COOKIE_SHOWN_CLASS);
  notice.querySelector('button')?.addEventListener(
    'click',
    () => {
      acceptCookies();
      notice.remove();
    },
    { signal },
  );
}
