import { fileURLToPath } from 'node:url';

/**
 * The SPA imports its own modules as `@/…` (web/src), never `../../../`: web/tsconfig.json's
 * `paths`, and this alias for Vite (the build) and Vitest (the SPA's unit tests, the e2e support).
 */
export const spaAlias = { find: /^@\//, replacement: fileURLToPath(new URL('../src/', import.meta.url)) };
