import type { Actor } from '@agency/shared';
import type { VerifiedToken } from '../lib/auth';
import { logger, type Logger } from '../lib/logger';
import { CognitoIdentity } from './identity';

const identity = new CognitoIdentity();

/** Tokens live an hour: a warm container keeps the few admins' recent ones, not every token it saw. */
const MAX_CACHED = 50;
const cache = new Map<string, Promise<Actor>>();

/**
 * Who an admin is for the history: the username and the e-mail they have now. Access tokens carry
 * no e-mail, so it is asked of Cognito (GetUser with the admin's own token, no IAM permission)
 * once per token per container. If Cognito cannot answer, the change still goes through, recorded
 * under the username alone.
 */
export function actorOf(
  admin: Pick<VerifiedToken, 'username' | 'accessToken'>,
  log: Logger = logger,
): Promise<Actor> {
  const token = admin.accessToken;
  const known = cache.get(token);
  if (known) return known;
  const actor = identity.profile(token).then(
    (profile): Actor => ({ username: profile.username || admin.username, email: profile.email }),
    (error: unknown): Actor => {
      cache.delete(token);
      log.warn('admin e-mail unavailable; recording the username only', { error });
      return { username: admin.username, email: '' };
    },
  );
  if (cache.size >= MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(token, actor);
  return actor;
}
