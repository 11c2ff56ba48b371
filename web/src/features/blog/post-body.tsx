import DOMPurify from 'dompurify';
import type { Image } from '@agency/shared';
import { responsiveBody } from './responsive-body';
import { useHydrated } from './use-hydrated';

/**
 * The article body: the server renders the HTML as stored (the API sanitised it on write) and hydration sees
 * the same string; afterwards, and in client-only renders, it is sanitised again with DOMPurify. Both
 * serve its uploaded images as responsive `<picture>`s, with the same function.
 */
export default function PostBody({ html, images }: { html: string; images: readonly Image[] }) {
  const hydrated = useHydrated();
  const safe = responsiveBody(hydrated ? DOMPurify.sanitize(html) : html, images);
  return <div className="post__body" dangerouslySetInnerHTML={{ __html: safe }} />;
}
