import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parseEnv } from './src/lib/env-schema';

/**
 * The shared package is pure (no import-time effects), but its contract is built from function calls
 * the bundler cannot prove pure; saying so lets pages that only need a constant skip zod and the contract.
 */
export function sharedIsPure(): Plugin {
  return {
    name: 'agency:shared-is-pure',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (
        source !== '@agency/shared' &&
        !/[\\/]shared[\\/]src[\\/]/.test(source) &&
        !(importer && /[\\/]shared[\\/]src[\\/]/.test(importer) && source.startsWith('.'))
      )
        return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, moduleSideEffects: false } : null;
    },
  };
}

/** Compile-time constants: the zod-checked environment (one parse, at config load). */
export function appDefines(mode: string, envDir: string): Record<string, string> {
  return { __APP_ENV__: JSON.stringify(parseEnv(loadEnv(mode, envDir, 'VITE_'))) };
}

// Browser build → dist/ (index.html + hashed assets); `vite build --ssr src/entry-server.tsx` → dist-server/.
export default defineConfig(({ mode }) => ({
  root: import.meta.dirname,
  plugins: [sharedIsPure(), react()],
  define: appDefines(mode, import.meta.dirname),
  build: {
    target: 'es2022',
    emptyOutDir: true,
    // One stylesheet, linked from every prerendered page: page chunks load after first paint (and not at
    // all without JavaScript), so their CSS must not ride with them.
    cssCodeSplit: false,
    // dist/.vite/manifest.json: the prerender preloads each page's chunk from it.
    manifest: true,
  },
  // Self-contained server bundle: the blog render handler ships it as a Lambda.
  ssr: { noExternal: true },
  worker: { format: 'es' },
  server: {
    port: 5173,
    // `npm run dev -w web` next to the local stack (npm start) on port 3000.
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
  preview: { port: 4173 },
}));
