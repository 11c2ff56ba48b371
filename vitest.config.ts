import { defineConfig } from 'vitest/config';

// One runner, one project per workspace package: `npm test` runs them all.
export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        test: {
          name: 'shared',
          root: './shared',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        extends: false,
        test: {
          name: 'lambdas',
          root: './lambdas',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          env: { LOG_LEVEL: 'warn' },
          // LOCAL_HANDLERS=bundles: Node imports the built bundles as they are, as Lambda does.
          server: { deps: { external: [/[\\/]lambdas[\\/]dist[\\/]/] } },
        },
      },
      './web/vitest.config.ts',
      {
        extends: false,
        test: {
          name: 'tools',
          root: './tools',
          environment: 'node',
          include: ['**/*.test.ts'],
        },
      },
      {
        extends: false,
        test: {
          name: 'infra',
          root: './infra',
          environment: 'node',
          include: ['test/**/*.test.ts', 'lib/**/*.test.ts'],
          testTimeout: 300_000,
          globalSetup: ['./test/synth-folder.ts'],
        },
      },
    ],
  },
});
