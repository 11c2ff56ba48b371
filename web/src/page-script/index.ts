/**
 * The page script: what a public page does in the browser without React, on its server HTML.
 * Interactive parts are islands, hydrated on their own (the islands runtime); this runs the rest.
 * Each behaviour does nothing on a page without its markup.
 */
import { env } from '../lib/env';
import { inNextTask } from '../lib/next-task';
import { startChatWidget } from './chat-widget';
import { startCookieNotice } from './cookie-notice';
import { startHeader } from './header';
import { startHeroCarousels } from './hero-carousel';
import { startNotFoundAddress } from './not-found';
import { startPrefetch } from './prefetch';
import { startParallax } from './parallax';
import { startReadingProgress } from './reading-progress';
import { startReveal } from './reveal';
import { startSmoothScroll } from './smooth-scroll';
import { startSpeechStop } from './speech';
import { startViewCount } from './view-count';

const started = new WeakSet<Document>();

/**
 * Start every behaviour of the page once (a second call does nothing). What the first paint and
 * the first input need starts at once: the page's address, the header, the home hero's carousel, scroll reveal (which
 * rescans `#main` when islands add or hydrate content), parallax, reading progress, smooth in-page
 * scrolling. The rest starts in a task of its own just after (lib/next-task.ts): the cookie notice
 * (a localStorage read), the post's view count (200 ms after load anyway), speech stopped on
 * leaving, the hover prefetch and live chat (after `load` anyway).
 */
export function startPageScript(doc: Document = document): void {
  if (started.has(doc)) return;
  started.add(doc);
  startNotFoundAddress(doc);
  startHeader(doc);
  startHeroCarousels(doc);
  startReveal(doc);
  startParallax(doc);
  startReadingProgress(doc);
  startSmoothScroll(doc);
  inNextTask(() => {
    startCookieNotice(doc);
    startViewCount(doc);
    startSpeechStop();
    // Where the browser has no Speculation Rules: prefetch a link's page when it is pointed at.
    startPrefetch(doc);
    startChatWidget(doc, env.VITE_CHAT_WIDGET_URL);
  });
}
