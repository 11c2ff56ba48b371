import { DynamoPresenceStore } from '../adapters/presence-store';
import { leave } from '../domain/presence';
import { defineHandler } from '../../../platform/http';

const store = new DynamoPresenceStore();

/** DELETE /api/user/presence: the caller closed the subject (the tab's goodbye). */
export const handler = defineHandler('leavePresence', async (req) => {
  await leave(store, req.admin, req.body.subject);
  return { body: { message: 'Closed.' } };
});
