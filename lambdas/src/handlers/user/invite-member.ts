import { teamDeps } from '../../adapters/team-deps';
import { inviteMember } from '../../domain/team';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('inviteMember', async (req) => ({
  body: { data: await inviteMember(teamDeps, req.body) },
}));
