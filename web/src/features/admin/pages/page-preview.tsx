import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageBlock, pageDraftContent, type PageContent } from '@agency/shared';
import { ApiError } from '../../../lib/api-client';
import { BlockPage } from '../../pages/block-page';
import { settingsSeen, SiteSettingsProvider } from '../../../lib/site-settings';
import { RequireAdmin } from '../shell/require-admin';
import { useOperation } from '../shell/use-operation';
import { AdminStyles } from '../ui/admin-styles';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { readAutosave } from '../ui/use-autosave';
import { draftOf, PAGE_AUTOSAVE, PAGE_STATUS_LABEL } from './draft';
import { pageEditorHref, pagePreviewHref } from './paths';

/** Keep search engines off the page while it is shown (the app shell says noindex too). */
function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

function Preview({ path, saved }: { path: string; saved: boolean }) {
  useNoIndex();
  const page = useOperation('getPage', { query: { path } });
  const settings = useOperation('getSiteSettings');
  const stored = settings.data?.data.settings;
  // The header and footer are the site layout's, outside this page: they draw the settings the
  // browser last saw. The stored ones are what the page publishes with, so the layout takes them.
  useEffect(() => {
    if (stored) settingsSeen(stored);
  }, [stored]);
  const error = page.error ?? settings.error;
  if (error)
    return (
      <div className="form-error" role="alert">
        <p>
          {error instanceof ApiError && error.status === 404
            ? `There is no page at ${path}.`
            : `The preview could not be loaded: ${error.message}`}
        </p>
      </div>
    );
  if (!page.data || !settings.data) return <p aria-busy="true">Loading the preview…</p>;
  const sitePage = page.data.data;
  // The editor writes its unsaved edits to this browser before it opens this tab.
  const unsaved = saved ? null : readAutosave(PAGE_AUTOSAVE, path, draftOf(sitePage));
  const checked = unsaved ? pageDraftContent.safeParse(unsaved) : null;
  const draft: PageContent = checked?.success ? checked.data : sitePage;
  // A draft may hold blocks not filled in yet: they are not published, so not shown.
  const complete = draft.blocks.filter((b) => pageBlock.safeParse(b).success);
  const content: PageContent = { ...draft, blocks: complete };
  const incomplete = draft.blocks.length - complete.length;
  const showing = checked?.success
    ? 'your unsaved edits (kept in this browser)'
    : 'the saved draft';
  return (
    <>
      <div className="preview-bar preview-bar--page" role="note" aria-label="Preview">
        <span>
          Preview of {showing} · {PAGE_STATUS_LABEL[sitePage.status]} · last saved{' '}
          {formatAdminDateTime(sitePage.updated_at)}
          {checked &&
            !checked.success &&
            ' · your unsaved edits are incomplete, so the saved draft is shown'}
          {incomplete > 0 &&
            ` · ${incomplete === 1 ? 'one block is' : `${incomplete} blocks are`} not filled in yet and not shown`}
        </span>
        {checked?.success && (
          <Link to={`${pagePreviewHref(path)}&saved=1`}>Show the saved draft</Link>
        )}
        <Link to={pageEditorHref(path)}>Back to the editor</Link>
      </div>
      <SiteSettingsProvider settings={settings.data.data.settings}>
        <BlockPage page={content} path={path} />
      </SiteSettingsProvider>
    </>
  );
}

/**
 * `/admin/pages/preview?path=/…`: a page's draft (with this browser's unsaved edits, if the editor
 * kept any) rendered by the public site's BlockPage exactly as it will be published; admins and
 * editors only, never indexed.
 */
export default function PagePreview() {
  const [params] = useSearchParams();
  const path = params.get('path') ?? '';
  return (
    <>
      <AdminStyles />
      <RequireAdmin>
        {path ? (
          <Preview key={path} path={path} saved={params.get('saved') === '1'} />
        ) : (
          <p role="alert">There is no such page.</p>
        )}
      </RequireAdmin>
    </>
  );
}
