import { defineConfig } from 'vitest/config';
import { appDefines } from './vite.config';

export default defineConfig({
  // The built app's constants, without reading any .env file.
  define: await appDefines({}),
  test: {
    name: 'web',
    root: './web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    passWithNoTests: true,
  },
});
