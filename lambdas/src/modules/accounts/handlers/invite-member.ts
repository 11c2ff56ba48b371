import { teamDeps } from '../deps';
import { inviteMember } from '../domain/team';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('inviteMember', async (req) => ({
  body: { data: await inviteMember(teamDeps, req.body) },
}));
