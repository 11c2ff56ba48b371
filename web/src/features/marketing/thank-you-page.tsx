import { usePageMeta } from '../../lib/use-page-meta';
import { StatusPage } from '../../components/status-page';
import { thankYouMeta, thankYouPage } from '../../content/misc-pages';
import { useSiteSettings } from '../../lib/site-settings';

/** Shown after a successful enquiry (spec 001 §2.8). */
export default function ThankYouPage() {
  usePageMeta(thankYouMeta(useSiteSettings()));
  return (
    <StatusPage
      copy={thankYouPage}
      className="status-page--success"
      art={{ kind: 'success', src: '/assets/img/success-check.svg', width: 160, height: 160 }}
    />
  );
}
