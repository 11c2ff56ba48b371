import { notFoundDeps } from '../deps';
import { listNotFound } from '../domain/not-found-log';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('listNotFound', async (req) => ({
  body: await listNotFound(notFoundDeps(), req.query.page),
}));
