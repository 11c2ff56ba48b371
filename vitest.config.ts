import { defineConfig } from 'vitest/config';

/** The Lambda functions' tests: each file starts its own stand-ins, on ports the system picks. */
const lambdas = {
  root: './lambdas',
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // With LOCAL_HANDLERS=bundles, Node imports the built bundles as they are, as Lambda does.
  server: { deps: { external: [/[\\/]lambdas[\\/]dist[\\/]/] } },
} as const;

// One runner, one project per workspace package (and the bundles' run): `npm test` runs them all.
export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one free, which on a 2-core runner means one file at a time.
    maxWorkers: '100%',
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
          ...lambdas,
          name: 'lambdas',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          env: { LOG_LEVEL: 'warn' },
        },
      },
      {
        extends: false,
        test: {
          ...lambdas,
          // The API integration and security suites once more, each function run from the bundle
          // `npm run build -w lambdas` wrote (the file `cdk deploy` uploads), as Lambda runs it.
          name: 'bundles',
          include: [
            'test/{auth-system,posts,publishing,revisions,session,taxonomy,media,post-images,image-function,redirects}*.test.ts',
            'test/{pages,security}/**/*.test.ts',
          ],
          env: { LOG_LEVEL: 'warn', LOCAL_HANDLERS: 'bundles' },
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
