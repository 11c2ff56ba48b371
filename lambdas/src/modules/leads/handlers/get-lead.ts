import { defineHandler } from '../../../platform/http';
import { leadDetail } from '../domain/pipeline';
import { leadRepository } from '../adapters/lead-repository';

/** GET /api/user/lead?id= (admin): one lead with its source, history and notes. */
export const handler = defineHandler('getLead', async (req) => ({
  body: { data: await leadDetail({ leads: leadRepository() }, req.query.id) },
}));
