import type { PageContent, SiteSettings } from '@agency/shared';

/**
 * STAND-IN, replaced at merge by the public site's BlockPage (wt-web): only here so that the admin's
 * page preview (admin/pages/page-preview.tsx) compiles on this branch. Same interface.
 */
export function BlockPage({
  page,
}: {
  page: { path: string } & PageContent;
  settings: SiteSettings;
}) {
  return (
    <main>
      <h1>{page.title}</h1>
      {page.blocks
        .filter((b) => !b.hidden)
        .map((b) => (
          <section key={b.id} data-block={b.type} />
        ))}
    </main>
  );
}
