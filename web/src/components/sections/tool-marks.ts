/**
 * Each tool's mark: one original SVG per tool in assets/tools, named by the tool's slug
 * ("Python (Django)" → python-django.svg). Loaded as separate files (hashed, so an edited mark is
 * never served stale), so this lazily loaded chunk holds only their addresses.
 */
const files = import.meta.glob<string>('../../assets/tools/*.svg', {
  query: '?no-inline',
  import: 'default',
  eager: true,
});

/** The file name of a tool's mark: lower case, runs of other characters as one hyphen. */
export function toolSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const marks = new Map(
  Object.entries(files).map(([path, url]) => [path.replace(/^.*\/|\.svg$/g, ''), url]),
);

/** The address of a tool's mark, or undefined for a tool without one. */
export function toolMark(name: string): string | undefined {
  return marks.get(toolSlug(name));
}
