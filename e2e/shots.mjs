// npm run shots — the screenshots alone: every route at 375 and 1280 px, at the top and scrolled,
// into artifacts/shots/, so anyone can look before committing. Prints what the visual checks of
// `npm run test:e2e` would object to, without failing.
import { shootAdminLists } from './admin-lists-shots.mjs';
import { shootErrorFields } from './error-shots.mjs';
import { startAll } from './lib.mjs';
import { shootAll } from './visual.mjs';
import { shootEditor } from './editor-shots.mjs';
import { shootRedirects } from './redirects-shots.mjs';

const { stack, browser } = await startAll();
try {
  const { findings, dir, routes } = await shootAll(browser, stack.url, {
    log: (line) => console.log(line),
  });
  // The posts list's Trash and a /blog card without a banner.
  await shootAdminLists(browser, stack.url, { dir });
  // A wrong current password and a refused upload, each at its field.
  await shootErrorFields(browser, stack.url, { dir });
  // The post editor on a 3,000-word post, top and scrolled, at both widths.
  await shootEditor(browser, stack.url, { dir });
  // The redirect manager and the 404 log with rows, whole pages, at both widths.
  findings.push(...(await shootRedirects(browser, stack.url, { dir })));
  console.log(`\n${routes.length} routes and the admin pages, both widths: screenshots in ${dir}`);
  if (findings.length) console.log(`\n${findings.length} finding(s):\n${findings.join('\n')}`);
  else console.log('no findings');
} finally {
  await browser.close();
  await stack.stop();
}
