import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces in the terms of the source, mapped only when an error is logged. The bundles ship
 * their source maps beside them (`index.mjs.map`, `chunks/*.mjs.map`); Node's own
 * `--enable-source-maps` reads and parses every one of them as each module loads, about 17 ms of a
 * 90 ms cold start on the bundles' 0.7–1.2 MB of maps, though most cold starts never log an error.
 * Here a map is read the first time a frame of its file is logged, and kept.
 */
const maps = new Map<string, SourceMap | null>();

function mapOf(file: string): SourceMap | null {
  const known = maps.get(file);
  if (known !== undefined) return known;
  let map: SourceMap | null = null;
  try {
    map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as never);
  } catch {
    // Running from source (tsx), or a file without a map: its frames stay as they are.
  }
  maps.set(file, map);
  return map;
}

/** `    at name (file:///var/task/chunks/a.mjs:1:2345)` or `    at file:///var/task/index.mjs:1:99`. */
const FRAME = /^(\s*at (?:.*? \()?)((?:file:\/\/)?\/[^\s()]+?\.m?js):(\d+):(\d+)(\)?)$/;

/** Where a map's source lives, from the repository's root (`lambdas/src/…`, `node_modules/…`). */
const sourcePath = (source: string): string =>
  source.replace(/^(?:.*?\/)?(?=(?:lambdas|shared|web)\/src\/|node_modules\/)/, '');

/** The stack with each frame of a bundled file at its place in the source, when its map says. */
export function sourceStack(stack: string): string {
  return stack
    .split('\n')
    .map((line) => {
      const frame = FRAME.exec(line);
      if (!frame) return line;
      const [, head = '', location = '', row = '', column = '', tail = ''] = frame;
      const file = location.startsWith('file://') ? fileURLToPath(location) : location;
      const entry = mapOf(file)?.findEntry(Number(row) - 1, Number(column) - 1);
      if (!entry || !('originalSource' in entry)) return line;
      const { originalSource, originalLine, originalColumn } = entry;
      return `${head}${sourcePath(originalSource)}:${originalLine + 1}:${originalColumn + 1}${tail}`;
    })
    .join('\n');
}
