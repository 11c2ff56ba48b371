/**
 * What a link of the site's content may point at, checked the same way by the API (the block and
 * settings schemas) and by the renderer (which never writes out a link that fails here, whatever old
 * stored data holds):
 *
 * - a site path: `/about`, `/services#seo`, `/blog?tag=seo`: one leading `/`, no `\`, no empty or
 *   dot segment, no space, control or invisible character, and a URL parser resolves it on the
 *   site's own origin (`//evil.example/x` and `/\evil.example/x` are other sites' addresses);
 * - an `https:` address with a host and no user name or password;
 * - `mailto:` and `tel:` where a button may start an e-mail or a call;
 * - `#id`: a part of the same page.
 */

/** Spaces, control characters and invisible (format, unassigned, private-use) characters. */
const UNSAFE_CHARACTER = /[\s\p{C}]/u;

/** An origin no address of the site has: what a site path must resolve on. */
const PROBE_ORIGIN = 'https://site.invalid';

/** Whether `v` is a path of this site (with an optional query and fragment). */
export function isSitePath(v: string): boolean {
  if (!v.startsWith('/') || v.includes('\\') || UNSAFE_CHARACTER.test(v)) return false;
  const pathPart = v.split(/[?#]/, 1)[0] ?? '';
  // `//host` is another site; `/.//host` or `/a/../` turn into one once resolved.
  if (pathPart.includes('//')) return false;
  if (pathPart.split('/').some((s) => /^(\.|%2e){1,2}$/i.test(s))) return false;
  try {
    const url = new URL(v, `${PROBE_ORIGIN}/`);
    return (
      url.origin === PROBE_ORIGIN && url.pathname.startsWith('/') && !url.pathname.startsWith('//')
    );
  } catch {
    return false;
  }
}

/** Whether `v` is an `https:` address of another site (a host, no user name or password). */
export function isHttpsAddress(v: string): boolean {
  if (!/^https:\/\/[^/\\]/i.test(v) || v.includes('\\') || UNSAFE_CHARACTER.test(v)) return false;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Whether `v` is a `mailto:` link to one address (with an optional subject). */
export const isMailtoLink = (v: string): boolean =>
  !UNSAFE_CHARACTER.test(v) && /^mailto:[^@/\\<>"?]+@[^@/\\<>"?]+\.[^@/\\<>"?]+(\?.*)?$/i.test(v);

/** Whether `v` is a `tel:` link: a number of digits, an optional `+` and separators. */
export const isTelLink = (v: string): boolean => /^tel:\+?[0-9][0-9().-]{2,30}$/i.test(v);

/** Whether `v` links to an element of the same page (`#enquiry`). */
export const isFragmentLink = (v: string): boolean => /^#[A-Za-z][\w-]{0,79}$/.test(v);

/** The kinds of link a field may hold. */
export type LinkKind = 'site' | 'https' | 'mailto' | 'tel' | 'fragment';

const CHECKS: Record<LinkKind, (v: string) => boolean> = {
  site: isSitePath,
  https: isHttpsAddress,
  mailto: isMailtoLink,
  tel: isTelLink,
  fragment: isFragmentLink,
};

/** Whether `v` is a link of one of `kinds`. */
export const isLinkOf = (v: string, kinds: readonly LinkKind[]): boolean =>
  kinds.some((k) => CHECKS[k](v));

/** A navigation link, a services block's link: a site path or an https: address. */
export const NAV_LINK_KINDS: readonly LinkKind[] = ['site', 'https'];
/** A button: also an e-mail, a call or a part of the page. */
export const BUTTON_LINK_KINDS: readonly LinkKind[] = [
  'site',
  'https',
  'mailto',
  'tel',
  'fragment',
];
/** A social network's page: an https: address. */
export const SOCIAL_LINK_KINDS: readonly LinkKind[] = ['https'];

/** What the 400 says of a link that is none of `kinds`. */
export function linkMessage(kinds: readonly LinkKind[]): string {
  const names: Record<LinkKind, string> = {
    site: 'a site path like /about',
    https: 'an https:// address',
    mailto: 'mailto:',
    tel: 'tel:',
    fragment: '#id',
  };
  const parts = kinds.map((k) => names[k]);
  return `must be ${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} or ${parts.at(-1)}` : parts[0]}`;
}

/**
 * The link to write out, or undefined when `href` is none of `kinds`: the renderer's last check, so
 * a link stored before these rules (or written past the API) is shown as text, never followed.
 */
export const safeHref = (
  href: string | undefined,
  kinds: readonly LinkKind[] = BUTTON_LINK_KINDS,
): string | undefined => (href !== undefined && isLinkOf(href, kinds) ? href : undefined);
