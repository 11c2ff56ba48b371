/**
 * The web app's build-time environment, parsed once with zod when Vite (or Vitest) loads its config:
 * a bad value stops the build naming the variable. The parsed object is compiled in as __APP_ENV__,
 * so the browser bundle carries no schema code.
 */
import * as z from 'zod';

/** Empty strings in a .env file mean "not set". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  /** API origin; '' means the site's own origin (CloudFront and the local server route /api/*). */
  VITE_API_BASE: z
    .string()
    .default('')
    .transform((v) => v.replace(/\/+$/, '')),
  VITE_CHAT_WIDGET_URL: optional(z.url()),
  VITE_GOOGLE_MAPS_KEY: optional(z.string()),
  VITE_CONVERSION_PIXEL_URL: optional(z.url()),
  VITE_WHATSAPP_NUMBER: optional(
    z.string().regex(/^\d{6,15}$/, 'must be digits only, country code first'),
  ),
});
export type Env = z.infer<typeof envSchema>;

/**
 * Parse a Vite env object, naming every bad variable. The site's own address is not build
 * configuration: the browser takes it from the page it was served (lib/site-url.ts).
 */
export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
    throw new Error(`Invalid web environment: ${problems}`);
  }
  return result.data;
}
