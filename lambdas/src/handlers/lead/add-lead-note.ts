import { defineHandler } from '../../lib/http';
import { addNote } from '../../domain/lead-pipeline';
import { actorOf } from '../../lib/actor';
import { leadRepository } from '../../adapters/lead-repository';

/** POST /api/user/lead/note (admin): a time-stamped note signed by the admin. */
export const handler = defineHandler('addLeadNote', async (req) => {
  const by = actorOf(req.admin);
  const { detail } = await addNote({ leads: leadRepository() }, by, req.body.id, req.body.note);
  return { body: { message: 'Note added.', data: detail } };
});
