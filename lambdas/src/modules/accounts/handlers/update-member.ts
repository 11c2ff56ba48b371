import { teamDeps } from '../deps';
import { updateMember } from '../domain/team';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('updateMember', async (req) => ({
  body: { data: await updateMember(teamDeps, req.body) },
}));
