import { createHmac } from 'node:crypto';
import * as z from 'zod';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { invalid } from '../lib/errors';

/**
 * ALTCHA v2 proof of work, the format the `altcha` widget v3 speaks: the widget fetches a challenge
 * `{ parameters, signature }`, solves it in Web Workers and posts `altcha` = base64(JSON
 * `{ challenge: { parameters, signature }, solution: { counter, derivedKey, time } }`).
 *
 * Deterministic mode: the server picks the counter, so the work is uniform between counterMin and
 * counterMax derivations (not geometric as with a fixed key prefix), and verification is one HMAC of
 * the submitted key against the signed key signature, never a re-derivation.
 */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/**
 * Default cost, measured with altcha-lib's own solver in Node 20 on this 2-core build machine
 * (`npx tsx src/domain/captcha-cost.ts` from lambdas/): PBKDF2/SHA-256 at 1,000 iterations costs
 * 0.35–0.4 ms per counter when the machine is quiet (up to 1 ms while other jobs load it). The counter
 * is drawn between 1,000 and 3,000 (mean 2,000), so one Node core needs about 0.75 s (0.35–1.2 s) on
 * average, and 1.5 s under heavy load. A mid-range phone runs WebCrypto PBKDF2 roughly 3× slower per
 * core, about 2 s of work, which the widget splits over its Web Workers (4 on such phones): about one
 * second to solve, never long enough to stall the form. For comparison, altcha-lib's README example
 * (cost 5,000, counters 5,000–10,000) took 27 s here for counter 7,500: far too slow for a form.
 */
export const CAPTCHA_DEFAULTS = { cost: 1000, maxCounter: 3000, ttlSeconds: 10 * 60 } as const;

export interface CaptchaSettings {
  /** HMAC key that signs challenges; the key-signature secret is derived from it. */
  hmacKey: string;
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** Largest counter the solver may have to reach; the smallest is a third of it. */
  maxCounter: number;
  /** How long a challenge stays solvable. */
  ttlSeconds: number;
}

/** Remembers used solutions: `useOnce` is atomic and true only the first time for a key. */
export interface ReplayGuard {
  useOnce(key: string, expiresAt: number): Promise<boolean>;
}

export const CAPTCHA_MESSAGES = {
  invalid: 'is not a valid captcha solution; solve the captcha again',
  expired: 'has expired; solve the captcha again',
  replayed: 'this captcha was already used; solve it again',
} as const;

const keySignatureSecret = (hmacKey: string): string =>
  createHmac('sha256', hmacKey).update('altcha-key-signature').digest('hex');

/**
 * A fresh signed challenge for the widget, valid for `ttlSeconds` from `now`. It carries
 * `data.issued_at` (epoch ms), signed with the rest: the widget fetches the challenge when the
 * visitor first focuses the form, so submission time − issued_at is how long the form took to fill.
 */
export function createCaptchaChallenge(
  settings: CaptchaSettings,
  now: Date = new Date(),
): Promise<Challenge> {
  const maxCounter = Math.max(1, Math.floor(settings.maxCounter));
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: settings.cost,
    counter: randomInt(maxCounter, Math.max(0, Math.floor(maxCounter / 3))),
    data: { issued_at: now.getTime() },
    deriveKey,
    expiresAt: Math.floor(now.getTime() / 1000) + settings.ttlSeconds,
    hmacSignatureSecret: settings.hmacKey,
    hmacKeySignatureSecret: keySignatureSecret(settings.hmacKey),
  });
}

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** Loose: every signed parameter must reach the signature check unchanged. */
const parameters = z.looseObject({
  algorithm: z.literal(CAPTCHA_ALGORITHM),
  nonce: z.string().regex(/^[0-9a-f]+$/),
  salt: z.string().regex(/^[0-9a-f]+$/),
  cost: z.number().int().positive(),
  keyLength: z.number().int().positive(),
  keyPrefix: z.string().min(1),
  keySignature: z.string().min(1),
  expiresAt: z.number().positive(),
  memoryCost: z.number().optional(),
  parallelism: z.number().optional(),
  data: z.record(z.string(), scalar).optional(),
});
/** A challenge as the widget receives it and posts it back. */
export const challengeSchema = z.object({
  parameters,
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
const payloadSchema = z.object({
  challenge: challengeSchema,
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().min(1),
    time: z.number().optional(),
  }),
});

function decodePayload(payload: string): z.infer<typeof payloadSchema> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    throw invalid('altcha', CAPTCHA_MESSAGES.invalid);
  }
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success) throw invalid('altcha', CAPTCHA_MESSAGES.invalid);
  return parsed.data;
}

/** What a verified solution tells about its challenge. */
export interface VerifiedCaptcha {
  /** When the challenge was issued (epoch ms), or null for one issued before challenges carried it. */
  issuedAt: number | null;
}

/**
 * Check the widget's `altcha` field: signature, expiry and solution, then accept it once only.
 * Throws a 400 naming `altcha` on every failure.
 */
export async function verifyCaptcha(
  payload: string,
  settings: CaptchaSettings,
  guard: ReplayGuard,
  now: Date = new Date(),
): Promise<VerifiedCaptcha> {
  const { challenge, solution } = decodePayload(payload);
  const nowSeconds = now.getTime() / 1000;
  if (challenge.parameters.expiresAt < nowSeconds)
    throw invalid('altcha', CAPTCHA_MESSAGES.expired);
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: settings.hmacKey,
    hmacKeySignatureSecret: keySignatureSecret(settings.hmacKey),
  });
  if (result.expired) throw invalid('altcha', CAPTCHA_MESSAGES.expired);
  if (!result.verified) throw invalid('altcha', CAPTCHA_MESSAGES.invalid);
  // The signature is unique per challenge (random nonce and salt): one accepted use per challenge.
  const first = await guard.useOnce(
    challenge.signature,
    Math.ceil(challenge.parameters.expiresAt) + 60,
  );
  if (!first) throw invalid('altcha', CAPTCHA_MESSAGES.replayed);
  // Signed with the challenge, so a bot cannot move it back to look slower.
  const issuedAt = challenge.parameters.data?.issued_at;
  return { issuedAt: typeof issuedAt === 'number' && Number.isFinite(issuedAt) ? issuedAt : null };
}
