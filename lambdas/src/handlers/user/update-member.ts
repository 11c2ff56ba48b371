import { teamDeps } from '../../adapters/team-deps';
import { updateMember } from '../../domain/team';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('updateMember', async (req) => ({
  body: { data: await updateMember(teamDeps, req.body) },
}));
