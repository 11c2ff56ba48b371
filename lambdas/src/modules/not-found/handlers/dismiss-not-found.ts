import { notFoundDeps } from '../deps';
import { dismissNotFound } from '../domain/not-found-log';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('dismissNotFound', async (req) => {
  await dismissNotFound(notFoundDeps(), req.body.path);
  return { body: { message: 'Taken out of the 404 log.', data: { path: req.body.path } } };
});
