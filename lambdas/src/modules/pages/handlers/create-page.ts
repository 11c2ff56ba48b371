import { pageDeps } from '../deps';
import { createPage } from '../domain/save';
import { defineHandler } from '../../../platform/http';
import { withStaffName } from '../../accounts/adapters/staff-names';

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
