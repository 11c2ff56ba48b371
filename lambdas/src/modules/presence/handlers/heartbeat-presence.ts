import { DynamoPresenceStore } from '../adapters/presence-store';
import { withStaffNames } from '../../accounts/adapters/staff-names';
import { heartbeat } from '../domain/presence';
import { defineHandler } from '../../../platform/http';

const store = new DynamoPresenceStore();

/** PUT /api/user/presence: the caller has the subject open; who else has, by name. */
export const handler = defineHandler('heartbeatPresence', async (req) => {
  const others = await heartbeat(store, req.admin, req.body.subject, Date.now());
  return { body: { data: await withStaffNames(others, 'user') } };
});
