/** Adds the third-party live-chat script once, asynchronously (no-op without a URL). */
export function addChatWidget(doc: Document, url: string | undefined): void {
  if (!url || doc.querySelector('script[data-chat-widget]')) return;
  const script = doc.createElement('script');
  script.src = url;
  script.async = true;
  script.dataset.chatWidget = 'true';
  doc.body.appendChild(script);
}

/**
 * The page script's chat widget: added once the page has loaded, so a third party's script does
 * not compete with the page's own images and scripts for the network.
 */
export function startChatWidget(doc: Document, url: string | undefined): void {
  if (doc.readyState === 'complete') addChatWidget(doc, url);
  else window.addEventListener('load', () => addChatWidget(doc, url), { once: true });
}
