import { Link, useSearchParams } from 'react-router';
import { pagePath } from '../../../config/pages';
import { AdminLayout } from '../shell/admin-layout';
import { NotFoundLogView } from './not-found-log';
import { RedirectManager } from './redirect-manager';

/** The address parameter that opens the 404 log instead of the manager, and its value. */
const VIEW_PARAM = 'view';
const LOG_VIEW = 'not-found';

/** The address of the 404 log. */
export const notFoundLogHref = (): string => `${pagePath('redirects')}?${VIEW_PARAM}=${LOG_VIEW}`;

/** The page's two views, side by side as the leads inbox shows its own. */
function RedirectViews({ log }: { log: boolean }) {
  return (
    <nav className="lead-views" aria-label="Redirect views">
      <Link to={pagePath('redirects')} aria-current={log ? undefined : 'page'}>
        Redirects
      </Link>
      <Link to={notFoundLogHref()} aria-current={log ? 'page' : undefined}>
        404 log
      </Link>
    </nav>
  );
}

/**
 * `/admin/redirects` (admins and editors): the redirect manager, and with `?view=not-found` the 404
 * log that feeds it. One page, so the edge serves the admin with one more behaviour, not two.
 */
export default function RedirectsPage() {
  const [params] = useSearchParams();
  const log = params.get(VIEW_PARAM) === LOG_VIEW;
  return (
    <AdminLayout title={log ? '404 log' : 'Redirects'}>
      <RedirectViews log={log} />
      {log ? <NotFoundLogView /> : <RedirectManager />}
    </AdminLayout>
  );
}
