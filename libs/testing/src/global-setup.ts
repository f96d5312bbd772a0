import { pgliteTemplate } from './database.js';

/**
 * Once per run, before any file of the projects that name it: the PGlite template every in-memory
 * test database starts from is made (or found) here, so side-by-side files do not each run initdb.
 */
export default async function setup(): Promise<void> {
  await pgliteTemplate();
}
