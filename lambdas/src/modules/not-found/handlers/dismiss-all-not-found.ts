import { notFoundDeps } from '../deps';
import { dismissAllNotFound } from '../domain/not-found-log';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('dismissAllNotFound', async () => {
  const dismissed = await dismissAllNotFound(notFoundDeps());
  return { body: { message: 'The 404 log is empty.', data: { dismissed } } };
});
