import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * README is code: every file path, npm script, code identifier and section link it names must
 * exist, so a rename or a removal fails here until README says the truth.
 *
 * What counts as a path (in backticks or as a link target; bare file names are not checked):
 * - rooted: the first segment is a top-level source folder (`ROOTS`); checked from the
 *   repository root. A placeholder segment (`<name>`, `*`, `…`) ends the path: the fixed prefix
 *   before it must exist.
 * - package-relative: no placeholder, and it ends in a source file extension or is a folder of two
 *   segments or more (`platform/http.ts`, `admin/ui/`); it exists if some file or folder of the
 *   repository ends with it, whichever package the sentence is about.
 * Not paths: URLs and site addresses (`/api/*`), package names (`@agency/shared`), a package's
 *   `./exports`, S3 keys and other names with placeholders that are not rooted, words with a
 *   slash and no extension (`Api/Functions`), and build outputs (any segment `.gitignore`
 *   ignores, such as `dist/`).
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const SOURCE_EXTENSION = /\.(?:ts|tsx|mjs|cjs|js|json|md|yml|yaml|css|html|svg)$/;
const PLACEHOLDER = /[<>*…{}$|]/;
const CODE_FILE = /\.(?:ts|tsx|mjs|cjs|js|yml|yaml)$/;
/** camelCase, PascalCase with two humps at least, or UPPER_SNAKE: what reads as a code name. */
const CODE_NAME =
  /^(?:[a-z][a-z0-9]*[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$/;
const NAME = String.raw`[A-Za-z_$][\w$]*`;
/** Names README writes that the code rightly never spells out whole. */
const NOT_IN_CODE = new Set([
  // repository variables the workflows read with their stage's prefix (`DEV_`, `PROD_`)
  'DEPLOY_ROLE_ARN',
  'DIFF_ROLE_ARN',
  // Cognito's challenge for enrolling inside sign-in, which README explains the stack avoids
  'MFA_SETUP',
]);

/** Folder and file names `.gitignore` ignores outright: build outputs and local data. */
const IGNORED = new Set(
  readFileSync(join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/\/$/, ''))
    .filter((line) => /^[\w.-]+$/.test(line)),
);

/** The top-level source folders (lambdas/, web/, .github/, …): a path starting with one is rooted. */
const ROOTS = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== '.git' && !IGNORED.has(entry.name))
  .map((entry) => entry.name);
/** This file names made-up paths and identifiers on purpose; its words prove nothing exists. */
const SELF = 'tools/readme.test.ts';

/** Every file and folder of the repository (folders end in `/`), outputs left out. */
function listRepository(dir = '', entries: string[] = []): string[] {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (entry.name === '.git' || IGNORED.has(entry.name)) continue;
    const path = dir + entry.name;
    if (entry.isDirectory()) {
      entries.push(`${path}/`);
      listRepository(`${path}/`, entries);
    } else entries.push(path);
  }
  return entries;
}

/** What the repository holds, read once: its entries, and the words of its code. */
interface Repository {
  entries: string[];
  read(path: string): string;
  codeWords: Set<string>;
  scripts(workspace?: string): Set<string> | undefined;
}

/** The working tree as it is now. */
function realRepository(): Repository {
  const entries = listRepository();
  const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
  const codeWords = new Set<string>();
  for (const path of entries) {
    if ((CODE_FILE.test(path) || path.startsWith('.ci/')) && !path.endsWith('/') && path !== SELF) {
      for (const word of read(path).match(/[A-Za-z_$][\w$]*/g) ?? []) codeWords.add(word);
    }
  }
  const manifests = ['', ...ROOTS.map((folder) => `${folder}/`)]
    .filter((folder) => entries.includes(`${folder}package.json`))
    .map((folder) => {
      const { name, scripts }: { name?: string; scripts?: Record<string, string> } = JSON.parse(
        read(`${folder}package.json`),
      );
      return {
        folder: folder.replace(/\/$/, ''),
        name,
        scripts: new Set(Object.keys(scripts ?? {})),
      };
    });
  return {
    entries,
    read,
    codeWords,
    scripts: (workspace = '') =>
      manifests.find(
        (m) => m.folder === workspace.replace(/^\.\/|\/$/g, '') || m.name === workspace,
      )?.scripts,
  };
}

/** A backticked span or link target read as a repository path, or undefined if it is none. */
function asPath(text: string): { path: string; rooted: boolean } | undefined {
  if (/\s/.test(text) || !text.includes('/') || /^(?:\/|@|\.\/|-)|[:=?&#]/.test(text))
    return undefined;
  const segments = text.split('/');
  if (segments.some((segment) => IGNORED.has(segment))) return undefined;
  if (ROOTS.includes(segments[0] ?? '')) {
    const open = segments.findIndex((segment) => PLACEHOLDER.test(segment));
    const path = open === -1 ? text : segments.slice(0, open).join('/') + '/';
    return { path, rooted: true };
  }
  if (PLACEHOLDER.test(text)) return undefined;
  const named = segments.filter(Boolean);
  if (SOURCE_EXTENSION.test(text) || (text.endsWith('/') && named.length >= 2)) {
    return { path: text, rooted: false };
  }
  return undefined;
}

/** The repository entries a path names: the one from the root, or every one it ends. */
function resolve(repo: Repository, { path, rooted }: { path: string; rooted: boolean }): string[] {
  return repo.entries.filter((entry) => {
    const same = entry === path || entry === `${path}/`;
    return rooted ? same : same || entry.endsWith(`/${path}`) || entry.endsWith(`/${path}/`);
  });
}

/** GitHub's anchor for a heading. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

/** Every mention in `markdown` of a path, script, identifier or section that does not exist. */
function staleMentions(markdown: string, repo: Repository): string[] {
  const stale: { line: number; what: string }[] = [];
  const report = (index: number, what: string) =>
    stale.push({ line: markdown.slice(0, index).split('\n').length, what });

  // Prose: fenced blocks blanked character for character, so an index means the same in both.
  let fenced = false;
  const prose = markdown
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return ' '.repeat(line.length);
      }
      return fenced ? ' '.repeat(line.length) : line;
    })
    .join('\n');
  const spans = [...prose.matchAll(/`([^`]+)`/g)].map((m) => ({
    index: m.index,
    text: (m[1] ?? '').replace(/\s+/g, ' ').trim(),
  }));

  for (const { index, text } of spans) {
    const path = asPath(text);
    if (path && resolve(repo, path).length === 0) {
      const prefix = path.path === text ? '' : ` (its fixed part \`${path.path}\`)`;
      report(index, `path \`${text}\`${prefix} does not exist`);
    }
    const name = new RegExp(`^(${NAME})(?:\\(.*\\))?$`).exec(text)?.[1];
    if (name && CODE_NAME.test(name) && !repo.codeWords.has(name) && !NOT_IN_CODE.has(name)) {
      report(index, `identifier \`${name}\` is in no source file`);
    }
  }

  const anchors = new Set([...prose.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1] ?? '')));
  for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1] ?? '';
    if (target.startsWith('#')) {
      if (!anchors.has(target.slice(1)))
        report(m.index, `link to section ${target}: no such heading`);
    } else if (!/^[a-z]+:/.test(target)) {
      const path = target.replace(/#.*$/, '').replace(/^\.\//, '');
      if (!repo.entries.includes(path) && !repo.entries.includes(`${path}/`)) {
        report(m.index, `link to ${target}: no such file`);
      }
    }
  }

  // Scripts, in prose and in fenced blocks alike.
  const npm =
    /\bnpm\s+(?:run(?:-script)?\s+([\w:.-]+)|(start|test)\b)(?:[ \t]+(?:-w|--workspace)[ =]?\s*([\w@/.-]+))?/g;
  for (const m of markdown.matchAll(npm)) {
    const script = m[1] ?? m[2] ?? '';
    const workspace = m[3];
    const scripts = repo.scripts(workspace);
    if (!scripts) report(m.index, `\`npm run ${script} -w ${workspace}\`: no such workspace`);
    else if (!scripts.has(script)) {
      report(
        m.index,
        `script \`${script}\` is not in ${workspace ? `${workspace}/` : ''}package.json`,
      );
    }
  }

  // An identifier written with its file ("`x` in `path`", "`path`'s `x`", "`x` (`path`)",
  // "`path` `x`") is in that file: a rename or a move leaves README naming the old place.
  const withFile = [
    new RegExp(`\`(?<name>${NAME})\`\\s+(?:in|of|from)\\s+\`(?<path>[^\`\\s]+)\``, 'g'),
    new RegExp(`\`(?<name>${NAME})\`\\s+\\(\`(?<path>[^\`\\s]+)\``, 'g'),
    new RegExp(`\`(?<path>[^\`\\s]+)\`'s\\s+\`(?<name>${NAME})\``, 'g'),
    new RegExp(`\`(?<path>[^\`\\s]+\\.[a-z]+)\`\\s+\`(?<name>${NAME})\``, 'g'),
  ];
  for (const pattern of withFile) {
    for (const m of prose.matchAll(pattern)) {
      const { name = '', path: text = '' } = m.groups ?? {};
      const path = asPath(text);
      if (!path || !SOURCE_EXTENSION.test(text)) continue;
      const files = resolve(repo, path);
      if (files.length === 0) continue; // reported above as a path
      const word = new RegExp(String.raw`(?<![\w$])${name.replace(/\$/g, '\\$')}(?![\w$])`);
      if (!files.some((file) => !file.endsWith('/') && word.test(repo.read(file)))) {
        report(m.index, `\`${name}\` is not in \`${text}\``);
      }
    }
  }
  return stale.sort((a, b) => a.line - b.line).map(({ line, what }) => `README.md:${line} ${what}`);
}

describe('README', () => {
  const repo = realRepository();

  it('names only paths, scripts, identifiers and sections that exist', () => {
    const stale = staleMentions(readFileSync(join(ROOT, 'README.md'), 'utf8'), repo);
    expect(stale, `stale mentions in README:\n${stale.join('\n')}`).toEqual([]);
  });

  it('reports each kind of stale mention with its line', () => {
    const markdown = [
      '# Title',
      "Real: `lambdas/src/platform/http.ts`, `platform/http.ts`'s `defineHandler`, `npm run build -w lambdas`,",
      '`lambdas/src/modules/<module>/handlers/<verb-noun>.ts`, [bench](bench/results/latest.md), [up](#title).',
      'Gone: `lambdas/src/lib/gone.ts` and `features/marketing/nowhere.ts`,',
      '`npm run no-such-script`, `npm run build -w nowhere`, `noSuchIdentifier`,',
      '`defineHandler` in `shared/src/access.ts`, [x](docs/none.md), [y](#nowhere),',
      '`web/src/no-such-folder/<name>.ts`.',
      '```sh',
      'npm run also-gone',
      '```',
    ].join('\n');
    expect(staleMentions(markdown, repo)).toEqual([
      'README.md:4 path `lambdas/src/lib/gone.ts` does not exist',
      'README.md:4 path `features/marketing/nowhere.ts` does not exist',
      'README.md:5 identifier `noSuchIdentifier` is in no source file',
      'README.md:5 script `no-such-script` is not in package.json',
      'README.md:5 `npm run build -w nowhere`: no such workspace',
      'README.md:6 link to docs/none.md: no such file',
      'README.md:6 link to section #nowhere: no such heading',
      'README.md:6 `defineHandler` is not in `shared/src/access.ts`',
      'README.md:7 path `web/src/no-such-folder/<name>.ts` (its fixed part `web/src/no-such-folder/`) does not exist',
      'README.md:9 script `also-gone` is not in package.json',
    ]);
  });
});
