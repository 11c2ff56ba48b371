import DOMPurify from 'dompurify';
import { useHydrated } from './use-hydrated';

/**
 * The article body: the server renders the HTML as stored (the API sanitised it on write) and hydration sees
 * the same string; afterwards, and in client-only renders, it is sanitised again with DOMPurify.
 */
export default function PostBody({ html }: { html: string }) {
  const hydrated = useHydrated();
  const safe = hydrated ? DOMPurify.sanitize(html) : html;
  return <div className="post__body" dangerouslySetInnerHTML={{ __html: safe }} />;
}
