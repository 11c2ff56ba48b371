import { APP_MODULES_ID, parseModuleList } from './boot';
import type { PageKey } from './page-modules';

/** Source module of each page (keys of Vite's build manifest), so prerendered HTML can preload the page's chunk. */
export const pageSources: Record<PageKey, string> = {
  home: 'src/features/marketing/home-page.tsx',
  about: 'src/features/marketing/about-page.tsx',
  services: 'src/features/marketing/services-page.tsx',
  portfolio: 'src/features/marketing/portfolio-page.tsx',
  contact: 'src/features/marketing/contact-page.tsx',
  privacy: 'src/features/marketing/privacy-page.tsx',
  thankYou: 'src/features/marketing/thank-you-page.tsx',
  serviceLanding: 'src/features/marketing/service-landing-route.tsx',
  blogList: 'src/features/blog/blog-list-page.tsx',
  post: 'src/features/blog/post-page.tsx',
  login: 'src/features/admin/login-page.tsx',
  adminList: 'src/features/admin/admin-list-page.tsx',
  postEditor: 'src/features/admin/post-editor-page.tsx',
  leads: 'src/features/admin/leads-page.tsx',
  taxonomy: 'src/features/admin/taxonomy-page.tsx',
  preview: 'src/features/admin/preview-page.tsx',
};

/**
 * Source modules a prerendered path preloads: its page's module, and for a landing page its content
 * module (named after its path).
 */
export function routeSources(page: PageKey, path: string): string[] {
  const sources = [pageSources[page]];
  if (page === 'serviceLanding') sources.push(`src/content/services${path}.ts`);
  return sources;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The JS files a page needs (its chunks and the chunks they import statically), from Vite's manifest. */
export function pageChunks(
  manifest: Record<string, ManifestChunk>,
  sources: string | string[],
): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.push(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const source of typeof sources === 'string' ? [sources] : sources) visit(source);
  return files;
}

const APP_MODULES = new RegExp(
  `(<script type="application/json" id="${APP_MODULES_ID}">)([^<]*)(</script>)`,
);

/** Add a page's chunks to the `#app-modules` list the boot script fetches after the first paint. */
export function addAppModules(html: string, files: string[]): string {
  const match = APP_MODULES.exec(html);
  if (!match) throw new Error(`The HTML shell has no #${APP_MODULES_ID} list`);
  const list = parseModuleList(match[2] ?? '[]');
  for (const file of files) if (!list.includes(file)) list.push(file);
  return html.replace(
    APP_MODULES,
    (_, open: string, _list: string, close: string) => `${open}${JSON.stringify(list)}${close}`,
  );
}
