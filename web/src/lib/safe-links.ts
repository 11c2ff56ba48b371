import { NAV_LINK_KINDS, safeHref, type LinkKind } from '@agency/shared';

/**
 * The links that may be written out: a site path or an https: address unless `kinds` says (the
 * rules the API checks, shared/src/links.ts). A link stored before those rules, or written past the
 * API, is left out rather than sent to another site or run as a script.
 */
export const safeLinks = <L extends { href: string }>(
  links: readonly L[],
  kinds: readonly LinkKind[] = NAV_LINK_KINDS,
): L[] => links.filter((l) => safeHref(l.href, kinds) !== undefined);
