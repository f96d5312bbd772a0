import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { spaAlias } from './build/alias';
import { precompress } from './build/precompress';
import { routePreload } from './build/route-preload';
import { serviceWorker } from './build/service-worker';

const root = fileURLToPath(new URL('.', import.meta.url));
const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/;
const ZOD = /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/;
/** zod with its CSP-safe setting applied first (src/lib/zod-jitless.ts), wherever the contracts import it. */
const zodForTheBrowser = fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url));
/** The gateway in development (embedded mode or compose). */
const gateway = 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), routePreload(), serviceWorker(), precompress()],
  resolve: { alias: [{ find: /^zod$/, replacement: zodForTheBrowser }, spaAlias] },
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      // Needed by experimentalInlineCommonChunks (below); the entry exports nothing anyway.
      preserveEntrySignatures: false,
      // Every imported constant is written where it is used: the API routes above all
      // (src/lib/api-routes.gen.ts, strings), so each chunk carries the routes it calls, not the
      // first load every route a screen calls. 'smart' (the default) inlines only in conditions.
      // Measured in bench/README.md, first load.
      optimization: { inlineConst: { mode: 'all' } },
      // The contracts only declare (schemas, constants, pure helpers): a screen that imports
      // displayNameOf gets that module alone, not every schema and zod with it.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]libs[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          // Shared chunks under 16 KB of source (0.4-4 KB gzipped) are copied into the chunks that
          // use them instead of being fetched on their own: Make Picks signed in fetches 5 files
          // instead of 20, the other screens 6-11 instead of 14-56, at about the same size (a
          // little less: fewer chunk boundaries), for 2.4 KB more on the landing page (the strict
          // execution order it needs wraps each module). Measured in bench/README.md, first load.
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
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
