import * as z from 'zod';
import { defineOperations } from './operation';

/** How often an open editor says it is still open (the heartbeat), in ms. */
export const PRESENCE_BEAT_MS = 20_000;
/**
 * How long a heartbeat counts: two missed beats and a margin. Past it the person is no longer
 * shown (filtered on read), whatever the table's TTL has or has not deleted yet.
 */
export const PRESENCE_TTL_SECONDS = 45;

/**
 * What someone has open in the admin: `page:<path>` (a marketing page), `post:<id>` (a post) or
 * `settings` (the site settings).
 */
export const presenceSubject = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(220, 'is too long')
  .regex(
    /^(page:\/[\x21-\x7e]{0,200}|post:[1-9]\d{0,9}|settings)$/,
    'must be page:<path>, post:<id> or settings',
  );

/** Someone else who has the same subject open. */
export const presenceEntry = z.object({
  /** Their account id. */
  user: z.string(),
  /** Their display name, else their e-mail (null when neither is known). */
  user_name: z.string().nullable(),
  /** Their last heartbeat, ISO time. */
  seen_at: z.string(),
});
export type PresenceEntry = z.output<typeof presenceEntry>;

const bySubject = z.object({ subject: presenceSubject });

export const presenceOperations = defineOperations({
  heartbeatPresence: {
    module: 'presence',
    method: 'PUT',
    path: '/api/user/presence',
    auth: 'admin',
    access: 'staff',
    // Who has an editor open: nothing anyone reads later.
    audit: false,
    throttle: 'staff',
    summary:
      'Say the caller has a page, post or the settings open (every 20 s while it is); answers the others who have it open now.',
    request: { encodings: ['json'], body: bySubject },
    status: 200,
    kind: 'json',
    response: z.object({ data: z.array(presenceEntry) }),
    errors: [400, 401, 403, 415],
  },
  leavePresence: {
    module: 'presence',
    method: 'DELETE',
    path: '/api/user/presence',
    auth: 'admin',
    access: 'staff',
    // Who has an editor open: nothing anyone reads later.
    audit: false,
    throttle: 'staff',
    summary: 'Say the caller closed the page, post or settings it had open (sent as the tab goes).',
    request: { encodings: ['json'], body: bySubject },
    status: 200,
    kind: 'json',
    response: z.object({ message: z.string() }),
    errors: [400, 401, 403, 415],
  },
});
