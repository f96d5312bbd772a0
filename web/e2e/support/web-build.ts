import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Manifest } from '../../../bench/web-bundle.js';

const run = promisify(execFile);

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WEB_INDEX = path.join(REPO_ROOT, 'web/dist/index.html');

/** What the SPA bundle is made from (the Makefile's WEB_SOURCES): sources, config, contracts. */
const SOURCES = ['web/src', 'web/public', 'web/build', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'libs/contracts/src'];

async function mtimeOf(file: string): Promise<number | null> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

/** The newest modification time among the build inputs (test files are not part of the bundle). */
async function newestSourceMtime(): Promise<number> {
  let newest = 0;
  for (const source of SOURCES) {
    const full = path.join(REPO_ROOT, source);
    const info = await stat(full).catch(() => null);
    if (!info) continue;
    if (!info.isDirectory()) {
      newest = Math.max(newest, info.mtimeMs);
      continue;
    }
    const entries = await readdir(full, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
      newest = Math.max(newest, (await mtimeOf(path.join(entry.parentPath, entry.name))) ?? 0);
    }
  }
  return newest;
}

/**
 * Builds web/dist when index.html is missing or older than any build input, so the suite serves
 * the SPA as it is in the working tree (`make test` on a fresh clone builds it too).
 */
export async function ensureWebBuilt(): Promise<void> {
  const built = await mtimeOf(WEB_INDEX);
  if (built !== null && built >= (await newestSourceMtime())) return;
  console.info(`[e2e] building the SPA (${built === null ? 'web/dist is missing' : 'web/dist is older than its sources'})`);
  try {
    // vitest sets NODE_ENV=test, which Vite would pass on to the bundle: React's development build,
    // about 60 KB more than what the first-load checks measure. Build what ships.
    await run('npm', ['run', 'build', '-w', '@powerpool/web'], {
      cwd: REPO_ROOT,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } catch (err) {
    const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string };
    throw new Error(`npm run build -w @powerpool/web failed:\n${stdout}\n${stderr}`, { cause: err });
  }
}

/** The build's manifest (read once the suite has made sure web/dist is fresh). */
function manifest(): Manifest {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, 'web/dist/.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The chunk file of a route module that loads on demand, e.g. `/assets/pool-management-1a2b3c.js`. */
export function chunkOf(source: string): string {
  const chunk = manifest()[source];
  if (!chunk?.isDynamicEntry) throw new Error(`${source} is not a chunk loaded on demand`);
  return `/${chunk.file}`;
}
