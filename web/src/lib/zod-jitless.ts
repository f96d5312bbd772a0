import { config } from 'zod';

/**
 * zod compiles a fast parser for each object schema with `new Function`, after probing whether
 * `eval` is allowed. Our content security policy (script-src 'self') forbids it, and the browser
 * reports the blocked probe as a policy violation on every page. In the browser, zod parses a
 * few small replies and stream events: its plain parser is fast enough, and no probe runs.
 * The probe happens when the first object schema is built, so main.tsx imports this first.
 */
config({ jitless: true });
