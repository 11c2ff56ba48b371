import { createElement } from 'react';
import AboutPage from '../features/marketing/about-page';
import ContactPage from '../features/marketing/contact-page';
import HomePage from '../features/marketing/home-page';
import PortfolioPage from '../features/marketing/portfolio-page';
import PrivacyPage from '../features/marketing/privacy-page';
import ServiceLandingRoute from '../features/marketing/service-landing-route';
import ServicesPage from '../features/marketing/services-page';
import ThankYouPage from '../features/marketing/thank-you-page';
import BlogListPage from '../features/blog/blog-list-page';
import PostPage from '../features/blog/post-page';
import type { PageModules } from './page-modules';

/** Admin pages are never server-rendered (SPA shell); the placeholder keeps the editor out of the server bundle. */
function AdminPlaceholder() {
  return createElement('p', { className: 'page-loading' }, 'Loading the admin area…');
}

/** Server-side pages: imported eagerly so renderToString renders them synchronously. */
export const serverPages: PageModules = {
  home: HomePage,
  about: AboutPage,
  services: ServicesPage,
  portfolio: PortfolioPage,
  contact: ContactPage,
  privacy: PrivacyPage,
  thankYou: ThankYouPage,
  serviceLanding: ServiceLandingRoute,
  blogList: BlogListPage,
  post: PostPage,
  login: AdminPlaceholder,
  adminList: AdminPlaceholder,
  postEditor: AdminPlaceholder,
  leads: AdminPlaceholder,
  taxonomy: AdminPlaceholder,
  preview: AdminPlaceholder,
};
