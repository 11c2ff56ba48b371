import { Route, Routes } from 'react-router';
import { NOT_FOUND_PATH, routeTable } from '../config/pages';
import NotFoundPage from '../features/marketing/not-found-page';
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
      {/* Any other path is the block page's (the registry's last entry), which shows not-found when no page is there. */}
      <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
    </Routes>
  );
}
