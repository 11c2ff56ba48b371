import { useEffect, useState } from 'react';

interface Network {
  name: string;
  href: (url: string, title: string) => string;
  /** Simple 24x24 glyph path. */
  icon: string;
}

const enc = encodeURIComponent;

/** The four networks the post page shares to. */
export const SHARE_NETWORKS: readonly Network[] = [
  {
    name: 'Facebook',
    href: (url) => `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`,
    icon: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
  },
  {
    name: 'X',
    href: (url, title) => `https://twitter.com/intent/tweet?url=${enc(url)}&text=${enc(title)}`,
    icon: 'M4 4h4.5l4 5.6L17.3 4H20l-6.3 7.3L20.5 20H16l-4.4-6.1L6.3 20H3.6l6.7-7.7z',
  },
  {
    name: 'LinkedIn',
    href: (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${enc(url)}`,
    icon: 'M5 9h3v11H5zM6.5 4a1.75 1.75 0 110 3.5 1.75 1.75 0 010-3.5zM10 9h3v1.6c.5-.9 1.6-1.8 3.3-1.8 3.2 0 3.7 2 3.7 4.7V20h-3v-5.7c0-1.4 0-3-1.9-3s-2.1 1.4-2.1 2.9V20h-3z',
  },
  {
    name: 'WhatsApp',
    href: (url, title) => `https://wa.me/?text=${enc(`${title} ${url}`)}`,
    icon: 'M12 3a9 9 0 00-7.8 13.5L3 21l4.6-1.2A9 9 0 1012 3zm4.4 12.6c-.2.5-1.1 1-1.6 1-.4.1-1 .1-3.1-.8-2.6-1.1-4.2-3.7-4.3-3.9-.1-.2-1-1.4-1-2.6s.6-1.8.9-2.1c.2-.2.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 1.9c.1.2.1.3 0 .5l-.3.5-.4.4c-.1.1-.3.3-.1.6.2.3.7 1.2 1.6 1.9 1.1 1 2 1.3 2.3 1.4.3.1.4.1.6-.1l.8-1c.2-.3.4-.2.6-.1l1.9.9c.3.1.4.2.5.3 0 .2 0 .7-.2 1.2z',
  },
];

/** "Share" row: four 32 px round buttons sharing the current page address (the canonical one until the browser knows better). */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const [current, setCurrent] = useState(url);
  useEffect(() => setCurrent(window.location.href), [url]);
  return (
    <div className="share">
      <h2 className="share__title">Share</h2>
      <ul className="share__list">
        {SHARE_NETWORKS.map((n) => (
          <li key={n.name}>
            <a
              className="share__button"
              href={n.href(current, title)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Share on ${n.name}`}
            >
              <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={n.icon} fill="currentColor" />
              </svg>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
