import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';

/** The repository's own rules (.dependency-cruiser.cjs), run over a small tree written here. */
const config: IConfiguration = createRequire(import.meta.url)('../.dependency-cruiser.cjs');

/**
 * A repository in miniature: each file named `bad-*` makes exactly one import a rule forbids, each
 * `good-*` file imports only what the rules allow. Paths mirror the real tree, since the rules
 * match paths.
 */
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'fixture', private: true, workspaces: ['shared'] }),
  'shared/package.json': JSON.stringify({
    name: '@agency/shared',
    exports: { '.': './src/index.ts' },
  }),
  'shared/src/index.ts': `export const SITE = 'agency';`,
  // no-circular, through a type-only import
  'shared/src/bad-circle-a.ts': `import type { B } from './bad-circle-b';\nexport type A = { b?: B };`,
  'shared/src/bad-circle-b.ts': `import type { A } from './bad-circle-a';\nexport type B = { a?: A };`,

  // admin features apart
  'web/src/features/admin/posts/bad-admin-cross.ts': `export { leads } from '../leads/leads-api';`,
  'web/src/features/admin/leads/leads-api.ts': `export const leads = 1;`,
  'web/src/features/admin/posts/good-admin-ui.ts': `export { button } from '../ui/button';\nexport { layout } from '../shell/layout';`,
  'web/src/features/admin/ui/button.ts': `export const button = 1;`,
  'web/src/features/admin/shell/layout.ts': `export const layout = 1;`,
  // a test may render another admin feature's page, and import nothing else of it
  'web/src/features/admin/posts/bad-cross.test.tsx': `export { leads } from '../leads/leads-api';`,
  'web/src/features/admin/taxonomy/good-page.test.tsx': `export { editor } from '../posts/editor-page';`,
  'web/src/features/admin/posts/editor-page.tsx': `export const editor = 1;`,
  // features apart
  'web/src/features/enquiry/bad-feature-cross.ts': `export { contactMap } from '../contact/office-map';`,
  'web/src/features/contact/office-map.ts': `export const contactMap = 1;`,
  // layers: a feature takes page paths from the registry; components never import a feature
  'web/src/features/contact/good-layers.ts': `export { pagePath } from '../../config/pages';\nexport { SITE } from '@agency/shared';`,
  'web/src/config/pages.ts': `export const pagePath = (page: string) => '/' + page;`,
  'web/src/components/bad-layer.ts': `export { contactMap } from '../features/contact/office-map';`,
  'web/src/bad-into-lambdas.ts': `export { store } from '../../lambdas/src/modules/posts/adapters/store';`,

  // lambdas: the domain takes its ports; adapters implement them; platform serves every module
  'lambdas/src/platform/errors.ts': `export const invalid = () => new Error('invalid');`,
  'lambdas/src/platform/aws/clients.ts': `export const client = {};`,
  'lambdas/src/platform/bad-platform-module.ts': `export { store } from '../modules/posts/adapters/store';`,
  'lambdas/src/modules/posts/domain/ports.ts': `export interface Store { get(): number }`,
  'lambdas/src/modules/posts/domain/bad-domain-adapter.ts': `export { store } from '../adapters/store';`,
  'lambdas/src/modules/posts/domain/bad-domain-client.ts': `export { client } from '../../../platform/aws/clients';`,
  'lambdas/src/modules/posts/domain/good-domain.ts': `export { invalid } from '../../../platform/errors';\nexport type { Store } from './ports';\nexport type { Lead } from '../../leads/domain/ports';`,
  'lambdas/src/modules/posts/adapters/store.ts': `import type { Store } from '../domain/ports';\nexport const store: Store = { get: () => 1 };`,
  'lambdas/src/modules/posts/handlers/good-handler.ts': `export { store } from '../adapters/store';\nexport type { Store } from '../domain/ports';\nexport { client } from '../../../platform/aws/clients';`,
  'lambdas/src/modules/posts/handlers/bad-into-local.ts': `export { stack } from '../../../local/main';`,
  'lambdas/src/modules/posts/adapters/bad-other-handler.ts': `export { handler } from '../../leads/handlers/list-leads';`,
  'lambdas/src/modules/leads/domain/ports.ts': `export interface Lead { id: string }`,
  'lambdas/src/modules/leads/handlers/list-leads.ts': `export const handler = () => 1;`,
  'lambdas/src/modules/captcha/domain/bad-unlisted-use.ts': `export type { Store } from '../../posts/domain/ports';`,
  'lambdas/src/modules/presence/adapters/bad-unlisted-use.ts': `export type { Lead } from '../../leads/domain/ports';`,
  'lambdas/src/local/main.ts': `export const stack = 1;`,

  // packages through their exports
  'bench/bad-relative.ts': `export { store } from '../lambdas/src/modules/posts/adapters/store';`,
  'infra/lib/bad-unexported.ts': `export { SITE } from '@agency/shared/src/index';`,
  'infra/lib/good-exported.ts': `export { SITE } from '@agency/shared';`,
};

let root: string;
let result: ICruiseResult;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'import-rules-'));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  mkdirSync(join(root, 'node_modules/@agency'), { recursive: true });
  symlinkSync(join(root, 'shared'), join(root, 'node_modules/@agency/shared'), 'dir');
  const { tsConfig: _repoTsConfig, ...options } = config.options ?? {};
  const output = await cruise(['shared', 'web', 'lambdas', 'infra', 'bench'], {
    ...options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  if (typeof output.output === 'string') throw new Error(output.output);
  result = output.output;
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Each violation as `rule: from → to`. */
const violations = () =>
  (result.summary.violations ?? []).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);

describe('the import rules (.dependency-cruiser.cjs)', () => {
  it('find a circle, even of type-only imports', () => {
    expect(violations()).toContain(
      'no-circular: shared/src/bad-circle-a.ts → shared/src/bad-circle-b.ts',
    );
  });

  it('keep admin features and features apart, but let admin ones use ui/ and shell/', () => {
    expect(violations()).toContain(
      'admin-features-apart: web/src/features/admin/posts/bad-admin-cross.ts → web/src/features/admin/leads/leads-api.ts',
    );
    expect(violations()).toContain(
      'admin-features-apart: web/src/features/admin/posts/bad-cross.test.tsx → web/src/features/admin/leads/leads-api.ts',
    );
    expect(violations()).toContain(
      'features-apart: web/src/features/enquiry/bad-feature-cross.ts → web/src/features/contact/office-map.ts',
    );
  });

  it('keep components below features and the domain free of adapters', () => {
    expect(violations()).toContain(
      'web-shared-layer-below-features: web/src/components/bad-layer.ts → web/src/features/contact/office-map.ts',
    );
    expect(violations()).toEqual(
      expect.arrayContaining([
        'domain-without-adapters: lambdas/src/modules/posts/domain/bad-domain-adapter.ts → lambdas/src/modules/posts/adapters/store.ts',
        'domain-without-adapters: lambdas/src/modules/posts/domain/bad-domain-client.ts → lambdas/src/platform/aws/clients.ts',
      ]),
    );
  });

  it('keep platform below the API modules, and modules apart but for the uses they name', () => {
    expect(violations()).toEqual(
      expect.arrayContaining([
        'platform-below-modules: lambdas/src/platform/bad-platform-module.ts → lambdas/src/modules/posts/adapters/store.ts',
        'deployed-code-without-local-stack: lambdas/src/modules/posts/handlers/bad-into-local.ts → lambdas/src/local/main.ts',
        'modules-through-their-surface: lambdas/src/modules/posts/adapters/bad-other-handler.ts → lambdas/src/modules/leads/handlers/list-leads.ts',
        'modules-apart: lambdas/src/modules/captcha/domain/bad-unlisted-use.ts → lambdas/src/modules/posts/domain/ports.ts',
        'modules-apart: lambdas/src/modules/presence/adapters/bad-unlisted-use.ts → lambdas/src/modules/leads/domain/ports.ts',
      ]),
    );
  });

  it('let one package read another only through its exports', () => {
    expect(violations()).toEqual(
      expect.arrayContaining([
        'packages-through-exports: bench/bad-relative.ts → lambdas/src/modules/posts/adapters/store.ts',
        'packages-through-exports: infra/lib/bad-unexported.ts → @agency/shared/src/index',
        'packages-through-exports: web/src/bad-into-lambdas.ts → lambdas/src/modules/posts/adapters/store.ts',
        'web-and-lambdas-apart: web/src/bad-into-lambdas.ts → lambdas/src/modules/posts/adapters/store.ts',
      ]),
    );
  });

  it('report nothing else: every good import passes', () => {
    const offenders = new Set((result.summary.violations ?? []).map((v) => v.from));
    expect([...offenders].filter((file) => !/(^|\/)bad-[^/]+$/.test(file))).toEqual([]);
  });
});
