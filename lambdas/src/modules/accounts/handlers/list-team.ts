import { teamDeps } from '../deps';
import { listTeam } from '../domain/team';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('listTeam', async () => ({
  body: { data: await listTeam(teamDeps) },
}));
