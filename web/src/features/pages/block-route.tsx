import { use } from 'react';
import { useLocation } from 'react-router';
import { NotFoundRedirect } from '../marketing/not-found-page';
import { BlockPage } from './block-page';
import { pagePathOf, useBlockPages } from './page-data';

/**
 * The route of every path no fixed page takes: the block page published there, or not found. In the
 * browser a page not embedded in the document suspends while its HTML is fetched (page-data.ts).
 */
export default function BlockRoute() {
  const path = pagePathOf(useLocation().pathname);
  const found = useBlockPages().read(path);
  const page = found instanceof Promise ? use(found) : found;
  if (!page) return <NotFoundRedirect />;
  return <BlockPage page={page} path={path} />;
}
