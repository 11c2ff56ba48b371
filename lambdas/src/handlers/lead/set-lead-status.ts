import { defineHandler } from '../../lib/http';
import { changeStatus } from '../../domain/lead-pipeline';
import { actorOf } from '../../lib/actor';
import { leadPipelineDeps } from '../../adapters/lead-services';

/** PUT /api/user/lead/status (admin): move a lead through the pipeline; "Not spam" sends it. */
export const handler = defineHandler('setLeadStatus', async (req) => {
  const { id, status, note } = req.body;
  const deps = await leadPipelineDeps(req.log);
  const by = actorOf(req.admin);
  const outcome = await changeStatus(deps, by, id, status, note);
  const message = !outcome.changed
    ? `The lead is already ${status}.`
    : outcome.released
      ? `Lead marked ${status} and sent to the team.`
      : `Lead marked ${status}.`;
  return { body: { message, data: outcome.detail } };
});
