import * as z from 'zod';
import { SPECULATION_RULES_HEADERS } from './speculation-rules';

/**
 * Third-party services the site may be configured with, all off by default. The web build records
 * the ones its pages load in site-pages.json; the CDK app and the local stack both read them there
 * and build the Content-Security-Policy from them with the one function below.
 */
export const thirdPartiesSchema = z.object({
  /** The Google Maps key of the contact page's map; only whether one is set matters here. */
  googleMapsKey: z.string().min(1).optional(),
  /** Script URL of the live chat widget. */
  chatWidgetUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** Image URL of the conversion pixel. */
  conversionPixelUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type ThirdParties = z.infer<typeof thirdPartiesSchema>;

/**
 * Which security headers a behaviour answers with (`EdgeBehaviour.headers`): the site's, the
 * admin pages' (the same policy, but their scripts may also post upload forms to the media bucket
 * and they may frame the page preview), or the page preview's (the admin's, and the one page the
 * site itself may frame: the editor shows it beside the form).
 */
export const HEADER_POLICIES = ['public', 'admin', 'preview'] as const;

/** The admin's page preview: the only address a page of this site may show in a frame. */
export const FRAMEABLE_PREVIEW_PATH = '/admin/pages/preview';
export type HeaderPolicyName = (typeof HEADER_POLICIES)[number];

const GOOGLE_MAPS = {
  script: ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
  img: [
    'https://maps.googleapis.com',
    'https://maps.gstatic.com',
    'https://*.googleapis.com',
    'https://*.ggpht.com',
  ],
  connect: ['https://maps.googleapis.com'],
  frame: ['https://www.google.com', 'https://maps.google.com'],
};

/**
 * The Content-Security-Policy of every response: no inline scripts; inline styles allowed (the rich
 * text editor and React style props need them); the ALTCHA worker runs from a blob; nothing may be
 * framed ('none') unless a configured third party needs frames. No `upgrade-insecure-requests`:
 * every allowed source is 'self' or a configured origin, and CloudFront redirects http to https,
 * so it would change nothing there while breaking the local stack, which serves http.
 *
 * `uploadOrigin` (admin pages only) is where the admin's browser posts upload forms: the media
 * bucket's own address, since the file goes there directly, not through the site.
 */
export function contentSecurityPolicy(
  third: ThirdParties = {},
  options: { uploadOrigin?: string; framing?: 'admin' | 'preview' } = {},
): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'"]],
    ['worker-src', ["'self'", 'blob:']],
    ['frame-src', []],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  const add = (name: string, sources: readonly string[]) => {
    const entry = directives.find(([n]) => n === name);
    if (entry) entry[1] = [...new Set([...entry[1], ...sources])];
  };
  if (third.googleMapsKey) {
    add('script-src', GOOGLE_MAPS.script);
    add('img-src', GOOGLE_MAPS.img);
    add('connect-src', GOOGLE_MAPS.connect);
    add('frame-src', GOOGLE_MAPS.frame);
  }
  if (third.chatWidgetUrl) {
    const chat = new URL(third.chatWidgetUrl).origin;
    add('script-src', [chat]);
    add('connect-src', [chat, chat.replace(/^http/, 'ws')]);
    add('frame-src', [chat]);
    add('img-src', [chat]);
  }
  if (third.conversionPixelUrl) add('img-src', [new URL(third.conversionPixelUrl).origin]);
  if (options.uploadOrigin) add('connect-src', [options.uploadOrigin]);
  // The editor frames the preview: the admin may frame this site's pages, the preview be framed by it.
  if (options.framing) add('frame-src', ["'self'"]);
  if (options.framing === 'preview') {
    const ancestors = directives.find(([n]) => n === 'frame-ancestors');
    if (ancestors) ancestors[1] = ["'self'"];
  }
  return directives
    .map(([name, sources]) => `${name} ${sources.length ? sources.join(' ') : "'none'"}`)
    .join('; ');
}

/** HSTS max-age: two years, the value hstspreload.org asks for; `preload` is left to the domain owner. */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 86_400;

/**
 * The response headers every answer of the edge carries (CloudFront's response headers policy,
 * overriding what an origin sent). Lower-case names, as the local server writes them.
 */
export function securityHeaders(
  third: ThirdParties = {},
  options: { uploadOrigin?: string; framing?: 'admin' | 'preview' } = {},
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(third, options),
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': options.framing === 'preview' ? 'SAMEORIGIN' : 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...CUSTOM_HEADERS,
  };
}

/**
 * The headers of each behaviour's response headers policy (`EdgeBehaviour.headers`): public pages
 * and the API get the site's, with the Speculation-Rules header (speculation-rules.ts: browsers
 * read it on documents only, so the API's answers carrying it change nothing); the admin pages may
 * also post upload forms to `uploadOrigin`, and prerender nothing (the admin is one app).
 */
export function securityHeadersByPolicy(
  third: ThirdParties,
  uploadOrigin: string | undefined,
): Record<HeaderPolicyName, Record<string, string>> {
  const upload = uploadOrigin ? { uploadOrigin } : {};
  return {
    public: { ...securityHeaders(third), ...SPECULATION_RULES_HEADERS },
    admin: securityHeaders(third, { ...upload, framing: 'admin' }),
    preview: securityHeaders(third, { ...upload, framing: 'preview' }),
  };
}

/** Headers outside CloudFront's security-headers set, sent as custom headers of the policy. */
export const CUSTOM_HEADERS: Readonly<Record<string, string>> = {
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  // No page opens or is opened by another site's window; isolating the browsing context costs nothing.
  'cross-origin-opener-policy': 'same-origin',
};
