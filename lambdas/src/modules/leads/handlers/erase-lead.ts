import { defineHandler } from '../../../platform/http';
import { eraseLead } from '../domain/pipeline';
import { actorOf } from '../../../platform/staff/actor';
import { leadRepository } from '../adapters/lead-repository';
import { DynamoStatsStore } from '../../dashboard/adapters/stats-store';

/** DELETE /api/user/lead (admin): erase a lead and its notes; the erasure itself is recorded. */
export const handler = defineHandler('eraseLead', async (req) => {
  const by = actorOf(req.admin);
  const { id } = req.body;
  await eraseLead({ leads: leadRepository(), stats: new DynamoStatsStore(), log: req.log }, by, id);
  return { body: { message: `Lead ${id} was erased.`, data: { id } } };
});
