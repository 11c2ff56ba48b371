import { pageDeps } from '../../adapters/page-deps';
import { createPage } from '../../domain/pages/save';
import { defineHandler } from '../../lib/http';
import { withStaffName } from '../../adapters/staff-names';

export const handler = defineHandler('createPage', async (req) => {
  const data = await withStaffName(
    await createPage(pageDeps(req.log), req.body, req.admin),
    'updated_by',
  );
  return {
    body: { message: 'Page created as a draft.', data },
    audit: { event: 'created', label: `${data.title} (from ${req.body.from})` },
  };
});
