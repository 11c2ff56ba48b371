import { defineConfig } from 'vitest/config';
import { parseEnv } from './src/lib/env-schema';

export default defineConfig({
  define: { __APP_ENV__: JSON.stringify(parseEnv({})) },
  test: {
    name: 'web',
    root: './web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    passWithNoTests: true,
  },
});
