/**
 * zod compiles object parsers with `new Function` unless told not to, and probes for it when the
 * first schema is built. The site's CSP (script-src 'self', no 'unsafe-eval') refuses that, and the
 * browser reports a violation on every page; so this runs first, before any schema exists.
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` (what `z.config()` writes to); setting
 * it here, rather than importing zod, keeps zod out of the entry chunk (about 4 KB gzip).
 * `zod-config.test.ts` checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
export {};
