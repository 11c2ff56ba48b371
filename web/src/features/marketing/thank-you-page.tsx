import { usePageMeta } from '../../lib/use-page-meta';
import { Link } from 'react-router';
import { thankYouMeta, thankYouPage } from '../../content/misc-pages';

/** Shown after a successful enquiry (spec 001 §2.8). */
export default function ThankYouPage() {
  usePageMeta(thankYouMeta);
  return (
    <section className="status-page status-page--success">
      <div className="container status-page__inner">
        <img
          className="status-page__art status-page__art--success"
          src="/assets/img/success-check.svg"
          width={160}
          height={160}
          alt=""
        />
        <h1>{thankYouPage.heading}</h1>
        <p>{thankYouPage.text}</p>
        <Link to={thankYouPage.action.href} className="btn btn--primary">
          {thankYouPage.action.label}
        </Link>
      </div>
    </section>
  );
}
