import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The gateway in development (embedded mode or compose). */
const gateway = 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
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
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
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
