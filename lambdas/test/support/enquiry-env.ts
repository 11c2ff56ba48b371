/**
 * Settings for suites that send enquiries through the real createLead: a cheap proof of work (they
 * check what is stored and sent, not the captcha's cost) and no minimum fill time (they post as
 * soon as they solved; the fill time has its own tests in create-lead.test.ts).
 */
export const QUICK_ENQUIRIES = {
  CAPTCHA_COST: '10',
  CAPTCHA_MAX_COUNTER: '30',
  LEAD_MIN_FILL_MS: '0',
} as const;

/** Set `values` in process.env; the function returned puts back what was there before. */
export function overrideEnv(values: Readonly<Record<string, string>>): () => void {
  const before = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  Object.assign(process.env, values);
  return () => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}
