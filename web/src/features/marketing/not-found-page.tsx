import { usePageMeta } from '../../lib/use-page-meta';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { StatusPage } from '../../components/status-page';
import { notFoundMeta, notFoundPage } from '../../content/misc-pages';
import { useSiteSettings } from '../../lib/site-settings';
import { NOT_FOUND_PATH } from '../../config/pages';

/** The not-found page (spec 001 §2.7). */
export default function NotFoundPage() {
  usePageMeta(notFoundMeta(useSiteSettings()));
  return (
    <StatusPage
      copy={notFoundPage}
      shownAt={NOT_FOUND_PATH}
      art={{ kind: 'lost', src: '/assets/img/not-found.svg', width: 320, height: 200 }}
    />
  );
}

/**
 * Unmatched paths: show the not-found page, then replace the address with /404 (spec 000 §2). The
 * 404 log counts what the edge answered 404 from its access logs; the page reports nothing.
 */
export function NotFoundRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname !== NOT_FOUND_PATH) void navigate(NOT_FOUND_PATH, { replace: true });
  }, [navigate, pathname]);
  return <NotFoundPage />;
}
