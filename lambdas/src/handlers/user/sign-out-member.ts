import { teamDeps } from '../../adapters/team-deps';
import { signOutMember } from '../../domain/team';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('signOutMember', async (req) => ({
  body: { data: await signOutMember(teamDeps, req.body.email) },
}));
