import { pageDeps } from '../deps';
import { updateSiteSettings } from '../domain/settings';
import { defineHandler } from '../../../platform/http';
import { withStaffName } from '../../accounts/adapters/staff-names';

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
