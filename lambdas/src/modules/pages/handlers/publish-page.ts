import { pageDeps } from '../deps';
import { publishPage } from '../domain/live';
import { defineHandler } from '../../../platform/http';
import { withStaffName } from '../../accounts/adapters/staff-names';

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
