import { pageStore } from '../deps';
import { schedulePage } from '../domain/schedule';
import { defineHandler } from '../../../platform/http';

export const handler = defineHandler('schedulePage', async (req) => {
  const data = await schedulePage({ pages: pageStore() }, req.body, req.admin);
  return {
    body: {
      message: data.publish_at
        ? 'Scheduled: the page is published by itself at the time chosen.'
        : 'The schedule is taken away: the page is published only when you publish it.',
      data,
    },
    audit: {
      event: data.publish_at ? 'scheduled' : 'unscheduled',
      label: data.publish_at ?? undefined,
    },
  };
});
