import { DynamoAccountStore } from '../../adapters/account-store';
import { postDeps } from '../../adapters/post-deps';
import { listRevisions } from '../../domain/posts/revisions';
import { staffNames } from '../../domain/team';
import { ADMIN_VIEW_HEADERS, defineHandler } from '../../lib/http';

const accounts = new DynamoAccountStore();

/** The kept versions of a post, each with who saved it as people know them (name, else e-mail). */
export const handler = defineHandler('listRevisions', async (req) => {
  const revisions = await listRevisions(postDeps(req.log), req.query.id);
  const names = await staffNames(
    accounts,
    revisions.map((r) => r.saved_by),
  );
  return {
    body: {
      data: revisions.map((r) => ({
        ...r,
        saved_by_name: (r.saved_by && names.get(r.saved_by)) || null,
      })),
    },
    headers: ADMIN_VIEW_HEADERS,
  };
});
