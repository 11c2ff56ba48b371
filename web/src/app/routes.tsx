import { Route, Routes } from 'react-router';
import { NOT_FOUND_PATH, routeTable } from '../config/pages';
import NotFoundPage, { NotFoundRedirect } from '../features/marketing/not-found-page';
import { usePageModules } from './page-context';

/** Renders the route table with the pages of the current entry (lazy in the browser, eager on the server). */
export function AppRoutes() {
  const pages = usePageModules();
  return (
    <Routes>
      {routeTable.map(({ path, page }) => {
        const Page = pages[page];
        return <Route key={path} path={path} element={<Page />} />;
      })}
      <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
      <Route path="*" element={<NotFoundRedirect />} />
    </Routes>
  );
}
