import { useEffect } from 'react';
import { addChatWidget } from '../page-script/chat-widget';

/** Adds the third-party live-chat script once, asynchronously, when a URL is configured (the app's pages). */
export function useChatWidget(url: string | undefined): void {
  useEffect(() => addChatWidget(document, url), [url]);
}
