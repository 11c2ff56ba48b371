/**
 * Fill the `{param}` placeholders of a path template and append the query: `buildPath` without the
 * contract, for code that has an operation's path but must not load its schemas.
 */
export function fillPath(
  template: string,
  params: Record<string, string> = {},
  query?: Record<string, string | number>,
): string {
  const path = template.replace(/\{(\w+)\}/g, (_, key: string) =>
    encodeURIComponent(params[key] ?? ''),
  );
  if (!query) return path;
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return qs ? `${path}?${qs}` : path;
}
