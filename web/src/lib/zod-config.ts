import * as z from 'zod';

// zod compiles object parsers with `new Function` unless told not to, and probes for it when the
// first schema is built. The site's CSP (script-src 'self', no 'unsafe-eval') refuses that, and the
// browser reports a violation on every page; so this runs before any schema exists.
z.config({ jitless: true });
