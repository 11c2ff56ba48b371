/**
 * Bundles the blog render handler for Lambda, the way the local server does: with the web package's
 * own Vite config, so asset imports resolve to the same hashed `/assets/…` names as the uploaded site.
 * The built HTML shell (web/dist/spa.html) goes beside it, where the handler looks for it.
 * Usage: tsx infra/scripts/bundle-render-handler.ts <outDir>   (run by CDK's local bundling)
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleRenderHandler } from '@agency/lambdas/src/local/render';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: bundle-render-handler.ts <outDir>');
  process.exit(2);
}
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webRoot = path.join(repoRoot, 'web');

await bundleRenderHandler({
  entry: path.join(webRoot, 'src/server/render-handler.ts'),
  outDir,
  webRoot,
});
const shell = path.join(webRoot, 'dist/spa.html');
if (existsSync(shell)) copyFileSync(shell, path.join(outDir, 'spa.html'));
else
  console.warn(
    'bundle-render-handler: web/dist/spa.html is missing; run `npm run build` first or blog pages will fail.',
  );
// The build manifest beside the shell: the handler lists each page's chunks from it (and fails without it).
const manifest = path.join(webRoot, 'dist/.vite/manifest.json');
if (existsSync(manifest)) {
  mkdirSync(path.join(outDir, '.vite'), { recursive: true });
  copyFileSync(manifest, path.join(outDir, '.vite/manifest.json'));
} else
  console.warn(
    'bundle-render-handler: web/dist/.vite/manifest.json is missing; blog pages will fail.',
  );
