import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { CookieNotice } from '../components/cookie-notice';
import { Footer } from '../components/footer';
import { Header } from '../components/header';
import { env } from '../lib/env';
import { ScrollReveal } from '../lib/reveal';
import { usePageAnalytics } from '../lib/use-page-analytics';
import { useChatWidget } from './chat-widget';
import { opensOverHero, showsCookieNotice } from '../config/pages';
import { AppRoutes } from './routes';
import { ScrollManager } from './scroll-manager';

function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

/** The root layout: header, the routed page, footer, cookie notice, and the site-wide behaviours. */
export function App() {
  const { pathname } = useLocation();
  useChatWidget(env.VITE_CHAT_WIDGET_URL);
  usePageAnalytics();

  return (
    <>
      <ScrollManager />
      <Header overHero={opensOverHero(pathname)} />
      <main id="main" tabIndex={-1}>
        {/* Keyed by path: each route transition mounts a fresh page. */}
        <Suspense key={pathname} fallback={<PageLoading />}>
          <AppRoutes />
          {/* Inside the boundary: starts only once the page itself has hydrated. */}
          <ScrollReveal />
        </Suspense>
      </main>
      <Footer />
      {showsCookieNotice(pathname) && <CookieNotice />}
    </>
  );
}
