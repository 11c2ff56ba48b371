import * as z from 'zod';
import { pageContent, siteSettings } from '@agency/shared';

/**
 * A TEST-ONLY stand-in of the web app's render handler for the direct `renderPages` invocation
 * (web/src/server/render-handler.ts answers it once the web side of pages lands): a small complete
 * document per page, naming its title, its blocks and the settings' agency name, so tests can see
 * what was rendered with what. The page tests use the real one by dropping their `renderFunction`.
 */
const request = z.object({
  action: z.literal('renderPages'),
  pages: z.array(pageContent.extend({ path: z.string() })),
  settings: siteSettings,
  fixedPaths: z.array(z.string()).default([]),
});

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderPages(event: unknown): { documents: { path: string; html: string }[] } {
  const { pages, settings, fixedPaths } = request.parse(event);
  const doc = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>${body}<footer>${escape(settings.name)}</footer></body></html>`;
  return {
    documents: [
      ...pages.map((p) => ({
        path: p.path,
        html: doc(
          p.title,
          p.blocks.map((b) => `<section data-block="${b.type}"></section>`).join(''),
        ),
      })),
      ...fixedPaths.map((path) => ({ path, html: doc(`Fixed ${path}`, '') })),
    ],
  };
}

/** The loader the Lambda API stand-in takes. */
export const testRenderFunction = () =>
  Promise.resolve(async (event: unknown) => Promise.resolve(renderPages(event)));
