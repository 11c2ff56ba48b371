import { pagePath } from '../../../config/pages';

/** The editor of the page at `path` (the page's path is a query parameter: it has slashes of its own). */
export const pageEditorHref = (path: string): string =>
  `${pagePath('pageEditor')}?path=${encodeURIComponent(path)}`;

/** The preview of the page at `path`: its draft, with this browser's unsaved edits if any. */
export const pagePreviewHref = (path: string): string =>
  `${pagePath('pagePreview')}?path=${encodeURIComponent(path)}`;
