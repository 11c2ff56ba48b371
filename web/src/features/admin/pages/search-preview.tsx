/**
 * How a search engine shows the page: its title cut near 60 characters, the address as a trail and
 * the description cut near 160 (Google cuts by pixel width; these are the lengths it keeps on most
 * screens). The title and description fields count against the same lengths.
 */

export const TITLE_LENGTH = 60;
export const DESCRIPTION_LENGTH = 160;

/** `text` cut at the last word that fits in `max` characters, with an ellipsis; whole when it fits. */
export function searchSnippet(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')} …`;
}

/** The address as a result shows it: "agency.example › services › ppc". */
export function searchTrail(host: string, path: string): string {
  return [host, ...path.split('/').filter(Boolean)].join(' › ');
}

export function SearchPreview({
  title,
  description,
  path,
  host = typeof window === 'undefined' ? '' : window.location.host,
}: {
  title: string;
  description: string;
  path: string;
  host?: string;
}) {
  return (
    <figure className="search-preview">
      <figcaption className="search-preview__caption">In search results</figcaption>
      <div className="search-preview__result">
        <p className="search-preview__url">{searchTrail(host, path)}</p>
        <p className="search-preview__title">
          {searchSnippet(title, TITLE_LENGTH) || 'The page needs a title'}
        </p>
        <p className="search-preview__description">
          {searchSnippet(description, DESCRIPTION_LENGTH) ||
            'Without a description, search engines pick a sentence of the page.'}
        </p>
      </div>
    </figure>
  );
}
