import { useEffect } from 'react';

/** Adds the third-party live-chat script once, asynchronously, when a URL is configured. */
export function useChatWidget(url: string | undefined): void {
  useEffect(() => {
    if (!url || document.querySelector(`script[data-chat-widget]`)) return;
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.chatWidget = 'true';
    document.body.appendChild(script);
  }, [url]);
}
