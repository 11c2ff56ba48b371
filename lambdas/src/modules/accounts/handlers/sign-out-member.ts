import { teamDeps } from '../deps';
import { signOutMember } from '../domain/team';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('signOutMember', async (req) => ({
  body: { data: await signOutMember(teamDeps, req.body.email) },
}));
