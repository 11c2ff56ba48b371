import { pageDeps } from '../../adapters/page-deps';
import { publishPage } from '../../domain/pages/live';
import { defineHandler } from '../../lib/http';
import { withStaffName } from '../../adapters/staff-names';

export const handler = defineHandler('publishPage', async (req) => {
  const data = await withStaffName(
    await publishPage(pageDeps(req.log), req.body, req.admin),
    'updated_by',
  );
  return {
    body: { message: 'Published: the page is live.', data },
    audit: { event: 'published', label: data.title },
  };
});
