import { usePageMeta } from '../../lib/use-page-meta';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { StatusPage } from '../../components/status-page';
import { notFoundMeta, notFoundPage } from '../../content/misc-pages';
import { useSiteSettings } from '../../lib/site-settings';
import { NOT_FOUND_PATH } from '../../config/pages';
import { useReportNotFound } from '../../lib/report-not-found';

/** The not-found page (spec 001 §2.7). */
export default function NotFoundPage() {
  usePageMeta(notFoundMeta(useSiteSettings()));
  return (
    <StatusPage
      copy={notFoundPage}
      art={{ kind: 'lost', src: '/assets/img/not-found.svg', width: 320, height: 200 }}
    />
  );
}

/**
 * Unmatched paths: show the not-found page, report the path to the 404 log, then replace the
 * address with /404 (spec 000 §2).
 */
export function NotFoundRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useReportNotFound();
  useEffect(() => {
    if (pathname !== NOT_FOUND_PATH) void navigate(NOT_FOUND_PATH, { replace: true });
  }, [navigate, pathname]);
  return <NotFoundPage />;
}
