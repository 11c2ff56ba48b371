import { teamDeps } from '../deps';
import { removeMember } from '../domain/team';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('removeMember', async (req) => ({
  body: { data: await removeMember(teamDeps, req.body.email) },
}));
