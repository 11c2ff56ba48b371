import { defineHandler } from '../../../platform/http';
import { changeStatus } from '../domain/pipeline';
import { actorOf } from '../../../platform/staff/actor';
import { leadPipelineDeps } from '../deps';

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
