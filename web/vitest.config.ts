import { defineConfig } from 'vitest/config';
import { appDefines, rasterImages } from './vite.config';

export default defineConfig({
  // Images imported as the build draws them (the portfolio's mock-ups as WebP).
  plugins: [rasterImages()],
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
