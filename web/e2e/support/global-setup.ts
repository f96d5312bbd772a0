import { pgliteTemplate } from '@powerpool/testing';
import { ensureWebBuilt } from './web-build.js';

/**
 * Once per run, before the first browser file: the SPA is built when its sources are newer, and
 * the PGlite template each file's embedded app starts from is made, so files that start side by
 * side neither build nor run initdb twice.
 */
export default async function setup(): Promise<void> {
  await ensureWebBuilt();
  await pgliteTemplate();
}
