import { notFoundDeps } from '../../adapters/not-found-deps';
import { listNotFound } from '../../domain/not-found-log';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('listNotFound', async (req) => ({
  body: await listNotFound(notFoundDeps(), req.query.page),
}));
