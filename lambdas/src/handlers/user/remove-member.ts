import { teamDeps } from '../../adapters/team-deps';
import { removeMember } from '../../domain/team';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('removeMember', async (req) => ({
  body: { data: await removeMember(teamDeps, req.body.email) },
}));
