import type { Env } from './env-schema';

declare const __APP_ENV__: Env;

/** The web app's configuration (parsed with zod at build time, see env-schema.ts and vite.config.ts). */
export const env: Env = __APP_ENV__;
