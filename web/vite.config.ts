import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const root = fileURLToPath(new URL('.', import.meta.url));
const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/;
const ZOD = /node_modules[\\/]zod[\\/]/;
/** The gateway in development (embedded mode or compose). */
const gateway = 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      // The contracts only declare (schemas, constants, pure helpers): a screen that imports
      // displayNameOf gets that module alone, not every schema and zod with it.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]libs[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT },
            { name: 'zod', test: ZOD },
            // Everything else the first page needs, in one chunk with the entry. Without this group
            // Rolldown (1.2, issue rolldown/rolldown#10731) moves modules the entry has already
            // loaded (TanStack Query, the API client, icons) into extra shared chunks as soon as
            // enough screens loaded on demand use them too: more requests, worse compression, and
            // about 1.5 KB more gzipped JavaScript on the first load.
            { name: 'app', tags: ['$initial'], test: (id) => !REACT.test(id) && !ZOD.test(id) },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: gateway },
      '/dev-idp': { target: gateway },
    },
  },
});
