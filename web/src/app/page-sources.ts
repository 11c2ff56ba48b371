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
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The JS files a page needs (its chunk and the chunks it imports statically), from Vite's manifest. */
export function pageChunks(manifest: Record<string, ManifestChunk>, source: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.push(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(source);
  return files;
}

/** <link rel="modulepreload"> tags for a page's chunks. */
export function preloadLinks(files: string[]): string {
  return files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('\n    ');
}
