/**
 * The page script: what a public page does in the browser without React, on its server HTML.
 * Interactive parts are islands, hydrated on their own (the islands runtime); this runs the rest.
 * Each behaviour does nothing on a page without its markup.
 */
import { env } from '../lib/env';
import { startChatWidget } from './chat-widget';
import { startCookieNotice } from './cookie-notice';
import { startHeader } from './header';
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
 * Start every behaviour of the page once (a second call does nothing): header, cookie notice,
 * scroll reveal (which rescans `#main` when islands add or hydrate content), parallax, reading
 * progress, smooth in-page scrolling, the post's view count, speech stopped on leaving, live chat.
 */
export function startPageScript(doc: Document = document): void {
  if (started.has(doc)) return;
  started.add(doc);
  startNotFoundAddress(doc);
  startHeader(doc);
  startCookieNotice(doc);
  startReveal(doc);
  startParallax(doc);
  startReadingProgress(doc);
  startSmoothScroll(doc);
  startViewCount(doc);
  startSpeechStop();
  // Where the browser has no Speculation Rules: prefetch a link's page when it is pointed at.
  startPrefetch(doc);
  startChatWidget(doc, env.VITE_CHAT_WIDGET_URL);
}
