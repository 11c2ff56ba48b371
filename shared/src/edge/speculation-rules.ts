import { API_PREFIX, ADMIN_PATH, MEDIA_PREFIX, SIGN_IN_PATH } from './reserved-sources';

/**
 * Instant navigation between public pages: every public page's response names one rules file in a
 * `Speculation-Rules` header (the CSP forbids inline scripts, so no `<script type=speculationrules>`),
 * and Chromium prerenders a same-origin page link once the visitor hovers it or starts to press it
 * (eagerness `moderate`). The file is fetched like a script (CSP `script-src`: 'self' allows it;
 * 'inline-speculation-rules' is for inline rules only) and must be answered with
 * SPECULATION_RULES_CONTENT_TYPE, which the deploy sets on it (SITE_OBJECT_CONTENT_TYPES).
 * Browsers without Speculation Rules prefetch on hover instead (web/src/page-script/prefetch.ts,
 * which reads the same exclusions).
 */

/** The rules file's address (and, without its slash, its site-bucket key; the web build writes it). */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';
export const SPECULATION_RULES_KEY = SPECULATION_RULES_PATH.slice(1);
export const SPECULATION_RULES_CONTENT_TYPE = 'application/speculationrules+json';

/** The header public pages answer with (a structured-field list of strings: the quotes are part of it). */
export const SPECULATION_RULES_HEADERS: Readonly<Record<string, string>> = {
  'speculation-rules': `"${SPECULATION_RULES_PATH}"`,
};

/**
 * Site paths never prerendered: the admin app and its sign-in page (a prerender would run their
 * code and session checks unasked), the API and the media bucket (not pages), and files (feeds,
 * sitemaps, documents), which are downloads, not documents to show.
 */
export const NOT_PRERENDERED_PATHS: readonly string[] = [
  `${ADMIN_PATH}*`,
  `${SIGN_IN_PATH}*`,
  `${API_PREFIX}/*`,
  `${MEDIA_PREFIX}/*`,
];
/** File names never prerendered, as URL patterns of the path (`/rss.xml`, `/brochure.pdf`). */
export const NOT_PRERENDERED_FILES: readonly string[] = [
  '/*.pdf',
  '/*.xml',
  '/*.json',
  '/*.txt',
  '/*.zip',
];
/**
 * Links never prerendered whatever their address: the author said not to follow (nofollow), a new
 * window (a prerender serves the current tab only), a download.
 */
export const NOT_PRERENDERED_LINKS = '[rel~="nofollow"], [target="_blank"], [download]';

/** The rules file's JSON: prerender same-origin document links but the excluded ones, moderately. */
export function speculationRules() {
  return {
    prerender: [
      {
        source: 'document',
        where: {
          and: [
            { href_matches: '/*' },
            ...[...NOT_PRERENDERED_PATHS, ...NOT_PRERENDERED_FILES].map((pattern) => ({
              not: { href_matches: pattern },
            })),
            { not: { selector_matches: NOT_PRERENDERED_LINKS } },
          ],
        },
        eagerness: 'moderate',
      },
    ],
  };
}

/**
 * Site-bucket keys whose media type the deploy must set itself, since their extension says
 * something else (the bucket deployments guess `.json` as application/json, which Chromium
 * refuses for rules).
 */
export const SITE_OBJECT_CONTENT_TYPES: Readonly<Record<string, string>> = {
  [SPECULATION_RULES_KEY]: SPECULATION_RULES_CONTENT_TYPE,
};

/** A pattern of the lists above as a regular expression: they use `*` (any run of characters) alone. */
const patternRegExp = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    's',
  );
const EXCLUDED = [...NOT_PRERENDERED_PATHS, ...NOT_PRERENDERED_FILES].map(patternRegExp);

/** Whether the rules let a same-origin path be prerendered (what the browser's URL patterns decide). */
export const isPrerenderedPath = (pathname: string): boolean =>
  !EXCLUDED.some((pattern) => pattern.test(pathname));
