import { config } from 'zod/v4';

/**
 * zod for the browser build: web/vite.config.ts resolves every `import ... from 'zod'` (the
 * contracts' schemas) to this module, so the setting below is in place before any schema is built,
 * in whichever chunk loads zod first (zod stays out of the first load: docs/screens.md#data-loading).
 *
 * zod compiles a fast parser for each object schema with `new Function`, after probing whether
 * `eval` is allowed. Our content security policy (script-src 'self') forbids it, and the browser
 * reports the blocked probe as a policy violation on every page. In the browser, zod parses a
 * few small replies and stream events: its plain parser is fast enough, and no probe runs.
 * The probe happens when the first object schema is built.
 */
config({ jitless: true });

export * from 'zod/v4';
