import { isSitePath } from '@agency/shared';
import { liveAt, type LiveAddresses } from '../../redirects/domain/redirects';

/** What a link check reads: the site's addresses, its redirects and its pages' section ids. */
export interface LinkCheckDeps {
  addresses: LiveAddresses;
  /** Whether a redirect starts at `path` (the visitor still lands somewhere). */
  isRedirectSource(path: string): Promise<boolean>;
  /**
   * The marketing page at `path`: whether it is live, and the section ids its blocks give (the
   * `#anchors` a link may name); null when there is none.
   */
  page(path: string): Promise<{ live: boolean; anchors: ReadonlySet<string> } | null>;
}

export interface BrokenLink {
  link: string;
  problem: string;
}

function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Why one site link leads nowhere, or null when it leads to a page, post, redirect or site file. */
async function problemOf(deps: LinkCheckDeps, link: string): Promise<string | null> {
  const url = new URL(link, 'https://site.invalid');
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const anchor = decoded(url.hash.slice(1));
  const page = await deps.page(path);
  if (page && !page.live)
    return `${path} is a draft page: visitors get “not found” until it is published`;
  if (!page) {
    const at = await liveAt(deps.addresses, path);
    if (at === null && !(await deps.isRedirectSource(path)))
      return `there is no page, post or redirect at ${path}`;
    // A post's, the blog's or a file's sections are not known here: the address is enough.
    return null;
  }
  if (anchor && !page.anchors.has(anchor))
    return `the page ${path} has no section #${anchor} (section ids: ${[...page.anchors].join(', ') || 'none'})`;
  return null;
}

/**
 * The site links (`/path`, `/path#section`) among `links` that lead nowhere, each with why; links
 * to other sites, mail and phone are not checked here. Each path is looked up once.
 */
export async function checkLinks(
  deps: LinkCheckDeps,
  links: readonly string[],
): Promise<BrokenLink[]> {
  const site = [...new Set(links.map((l) => l.trim()))].filter((l) => l !== '' && isSitePath(l));
  const results = await Promise.all(
    site.map(async (link) => ({ link, problem: await problemOf(deps, link) })),
  );
  return results.flatMap((r) => (r.problem === null ? [] : [{ link: r.link, problem: r.problem }]));
}
