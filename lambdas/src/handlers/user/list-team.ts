import { teamDeps } from '../../adapters/team-deps';
import { listTeam } from '../../domain/team';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('listTeam', async () => ({
  body: { data: await listTeam(teamDeps) },
}));
