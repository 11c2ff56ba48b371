'use strict';
// The checks the prod canary runs every 5 minutes and `npm run deploy` runs after each deploy
// (infra/scripts/smoke.ts). Plain CommonJS with no imports: the canary runs this file's text as it is
// (constructs/canary.ts), so both run the same steps.

/**
 * Run the smoke steps against a site: its home page, the script it names (a page whose boot file
 * is missing reads but never moves), the speculation rules its Speculation-Rules header names
 * (served as anything but their own media type, Chromium ignores them and navigation loses its
 * prerendering, silently), a blog post found in the sitemap, the enquiry form's captcha challenge
 * (a GET, as the form does; nothing is sent) and the sign-in page. Each step reports
 * { name, ok, status, ms, detail }; a step never throws.
 *
 * @param {string} base the site's origin, e.g. https://www.agency.example
 * @param {{ captchaPath: string, signInPath: string, speculationRulesType: string, fetch?: typeof fetch, timeoutMs?: number }} options
 */
async function smokeChecks(base, options) {
  const get = options.fetch || fetch;
  const timeoutMs = options.timeoutMs || 10000;
  const origin = new URL(base).origin;
  const results = [];
  const step = async (name, path, check) => {
    const started = Date.now();
    const url = new URL(path, origin).href;
    try {
      const response = await get(url, {
        redirect: 'follow',
        headers: { accept: '*/*', 'user-agent': 'agency-smoke-check' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await response.text();
      const problem =
        response.status !== 200 ? `HTTP ${response.status}` : check(body, response.headers);
      results.push({
        name,
        url,
        ok: !problem,
        status: response.status,
        ms: Date.now() - started,
        detail: problem || 'ok',
      });
      return problem ? undefined : { body, headers: response.headers };
    } catch (error) {
      results.push({
        name,
        url,
        ok: false,
        status: 0,
        ms: Date.now() - started,
        detail: String((error && error.message) || error),
      });
      return undefined;
    }
  };
  const html = (body, headers) =>
    !String(headers.get('content-type') || '').includes('text/html')
      ? `not HTML (${headers.get('content-type')})`
      : !/<html[\s>]/i.test(body)
        ? 'no <html> element'
        : undefined;

  const missing = (name, detail) =>
    results.push({ name, url: origin + '/', ok: false, status: 0, ms: 0, detail });
  const home = await step('home page', '/', html);
  if (home !== undefined) {
    const script = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(home.body);
    if (script)
      await step('page script', script[1], (_body, headers) =>
        /javascript/.test(String(headers.get('content-type')))
          ? undefined
          : `not JavaScript (${headers.get('content-type')})`,
      );
    else missing('page script', 'the home page names no script');
    const rules = /^\s*"([^"]+)"/.exec(String(home.headers.get('speculation-rules') || ''));
    if (rules)
      await step('speculation rules', rules[1], (body, headers) => {
        const type = String(headers.get('content-type') || '');
        if (!type.startsWith(options.speculationRulesType))
          return `served as ${type || 'nothing'}, which browsers ignore`;
        try {
          const parsed = JSON.parse(body);
          return Array.isArray(parsed.prerender) || Array.isArray(parsed.prefetch)
            ? undefined
            : 'no prerender or prefetch rules';
        } catch {
          return 'not JSON';
        }
      });
    else missing('speculation rules', 'the home page sends no Speculation-Rules header');
  }
  const sitemap = await step('sitemap', '/sitemap.xml', (body) =>
    /<urlset[\s>]/.test(body) ? undefined : 'no <urlset>',
  );
  if (sitemap !== undefined) {
    const post = [...sitemap.body.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)]
      .map((m) => m[1])
      .find((loc) => /\/blog\/[^/]+\/?$/.test(new URL(loc, origin).pathname));
    if (post) await step('blog post', new URL(post, origin).pathname, html);
    else
      results.push({
        name: 'blog post',
        url: '',
        ok: true,
        status: 0,
        ms: 0,
        detail: 'no post in the sitemap yet',
      });
  }
  await step('enquiry challenge', options.captchaPath, (body) => {
    try {
      const challenge = JSON.parse(body);
      // ALTCHA v2: { parameters, signature }, as the enquiry form's widget reads it.
      return typeof challenge.parameters === 'object' &&
        challenge.parameters !== null &&
        typeof challenge.signature === 'string'
        ? undefined
        : 'no parameters and signature in the answer';
    } catch {
      return 'not JSON';
    }
  });
  await step('sign-in page', options.signInPath, html);
  return results;
}

module.exports = { smokeChecks };
