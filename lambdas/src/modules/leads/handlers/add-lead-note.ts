import { defineHandler } from '../../../platform/http';
import { addNote } from '../domain/pipeline';
import { actorOf } from '../../../platform/staff/actor';
import { leadRepository } from '../adapters/lead-repository';

/** POST /api/user/lead/note (admin): a time-stamped note signed by the admin. */
export const handler = defineHandler('addLeadNote', async (req) => {
  const by = actorOf(req.admin);
  const { detail } = await addNote({ leads: leadRepository() }, by, req.body.id, req.body.note);
  return { body: { message: 'Note added.', data: detail } };
});
