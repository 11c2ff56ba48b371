/**
 * Run `stop` when the page is left (`pagehide`: closed, followed away from, or put in the back/forward
 * cache), so the "Listen the blog" speech does not go on reading over the next page.
 */
export function stopOnLeave(stop: () => void, signal?: AbortSignal): void {
  window.addEventListener('pagehide', stop, { signal });
}

/** The page script's share: cancel any speech when the page is left (the Listen island speaks). */
export function startSpeechStop(signal?: AbortSignal): void {
  stopOnLeave(() => window.speechSynthesis?.cancel(), signal);
}
