import { pageDeps } from '../../adapters/page-deps';
import { updateSiteSettings } from '../../domain/pages/settings';
import { defineHandler } from '../../lib/http';
import { withStaffName } from '../../adapters/staff-names';

export const handler = defineHandler('updateSiteSettings', async (req) => {
  const data = await withStaffName(
    await updateSiteSettings(pageDeps(req.log), req.body, req.admin),
    'updated_by',
  );
  return {
    body: { message: 'Settings published: every page shows them.', data },
    audit: { event: 'published', label: `version ${data.version}` },
  };
});
