/**
 * `npm run bench:web` (the end of `make bench`): how much JavaScript each screen of the SPA makes
 * the browser download.
 *
 * Reads web/dist (building it first when `--build` is given or when there is no build yet) and
 * follows Vite's manifest (`build.manifest: true`, web/dist/.vite/manifest.json): a screen costs
 * the entry chunk (index.html's script) with everything it imports statically (Vite
 * modulepreloads those), plus, for a screen that loads on demand, its route module's chunk and
 * that chunk's static imports. Sizes are gzip (zlib level 9) of each file, summed; a file shared
 * by the entry and the route counts once.
 *
 * Prints one row per screen and exits 1 when the landing page is over {@link FIRST_LOAD_BUDGET_KB}
 * KB or Make Picks signed in over {@link MAKE_PICKS_BUDGET_KB} KB gzipped (env `WEB_BUDGET_KB` /
 * `WEB_PICKS_BUDGET_KB` override them).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The first-load budget: what a visitor's landing page loads, all JS, gzipped. The ceiling set was
 * 150 KB, then at most 130 KB: without zod on the first load it measured 123.9 KB here (124.3 KB in
 * the browser, with theme-init.js), so 127 KB left a little headroom. Rendering first views once
 * (docs/screens.md#main-thread-time: 2-5 Lighthouse points on the signed-in screens) brought it to
 * 126.2 KB here, 127.1 KB in the browser: 128 KB.
 * The offline state, which must be in the first load since it shows when a screen's code cannot be
 * fetched (docs/screens.md#installable-app), and the data router's `useBlocker` (asking before unsaved
 * picks are lost, docs/screens.md#unsaved-changes, in the shared router chunk) brought it to 127.5 KB
 * here, 128.45 KB in the browser: 128.5 KB.
 */
export const FIRST_LOAD_BUDGET_KB = 128.5;
/**
 * What the screen a signed-in player opens on, Make Picks, loads: the entry plus the picks screen's
 * chunks. It was 175 KB (the real screen measured 168.4 KB with the contract schemas its calls
 * parsed and zod), with a ceiling of 150 KB asked for. Its replies are now read unparsed and
 * small shared chunks merged: 138.5 KB here (138.9 KB in the browser), so 142 KB; with the
 * first views rendered once 141.1 KB here (142.0 KB in the browser): 143 KB. The reminders offer
 * saying what it really turns on, one points formatter and the live board's sharing by id brought
 * it to 143.2 KB (the first-load test's count): 144 KB. The offline state, `useBlocker` and the
 * pool as a navigation, with the navigation held at once by the screen's own chunk (not when the
 * dialog's code arrives), brought it to 143.5 KB here, 144.52 KB in the browser: 144.6 KB, still
 * under the 150 KB ceiling. The current figures: bench/README.md; how each step got there: its git history.
 */
export const MAKE_PICKS_BUDGET_KB = 144.6;

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST = path.join(REPO_ROOT, 'web/dist');
const MANIFEST = path.join(DIST, '.vite/manifest.json');

/** One entry of Vite's manifest (the fields read here). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The screens measured: what each loads on demand on top of the entry, as manifest keys (source
 * paths relative to web/). A screen whose first view loads a further chunk must list it too.
 * The navigation menus (nav-menus.tsx) load when a menu trigger is pointed at or focused, so no
 * screen counts them; their own row says what a first menu adds.
 */
export const SCREENS: ReadonlyArray<{ name: string; route: string; modules: readonly string[] }> = [
  { name: 'landing page', route: '/', modules: [] },
  // Make Picks' body loads on demand (visitors at / never fetch it); a signed-in player fetches it at once.
  { name: 'Make Picks, signed in', route: '/', modules: ['src/features/picks/components/picks-page.tsx'] },
  { name: 'season leaderboard', route: '/leaderboard', modules: ['src/app/routes/season-leaderboard.tsx'] },
  { name: 'live results', route: '/live-results', modules: ['src/app/routes/live-results.tsx'] },
  { name: 'join', route: '/join/{token}', modules: ['src/app/routes/join.tsx'] },
  { name: 'profile', route: '/profile', modules: ['src/app/routes/profile.tsx'] },
  { name: 'pool management', route: '/admin', modules: ['src/app/routes/pool-management.tsx'] },
  { name: 'payments', route: '/admin/payments', modules: ['src/app/routes/payments.tsx'] },
  { name: 'week management', route: '/weeks/{n}', modules: ['src/app/routes/week-management.tsx'] },
  { name: 'site admin', route: '/site-admin', modules: ['src/app/routes/site-admin.tsx'] },
  { name: 'live leaderboard', route: '/live-leaderboard/{pool}/{n}', modules: ['src/app/routes/live-leaderboard.tsx'] },
  { name: 'live leaderboard demo', route: '/live-leaderboard-demo', modules: ['src/app/routes/live-leaderboard-demo.tsx'] },
  { name: 'navigation menus', route: '(first menu)', modules: ['src/components/layout/nav-menus.tsx'] },
];

/** The first {@link SCREENS} rows are the first load, each held to the budget. */
export const FIRST_LOAD_SCREENS = 2;

/** The manifest key of the entry (index.html). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error('the Vite manifest has no entry chunk');
  return key;
}

/** Files (relative to dist) of the chunks `keys` and everything they import statically. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the Vite manifest (renamed? update SCREENS in bench/web-bundle.ts)`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

export interface ScreenSize {
  name: string;
  route: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** Gzipped bytes on top of the entry's. */
  onDemandGzipBytes: number;
}

/** Sizes of every screen of {@link SCREENS} in the build at `distDir`. */
export function measureScreens(distDir = DIST): ScreenSize[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const sizeCache = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = sizeCache.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(distDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizeCache.set(file, size);
    }
    return size;
  };
  const total = (files: Iterable<string>) =>
    [...files].reduce((sum, file) => ({ raw: sum.raw + sizeOf(file).raw, gzip: sum.gzip + sizeOf(file).gzip }), { raw: 0, gzip: 0 });

  const entry = entryKey(manifest);
  const entryTotal = total(staticClosure(manifest, [entry]));
  return SCREENS.map(({ name, route, modules }) => {
    const files = staticClosure(manifest, [entry, ...modules]);
    const sum = total(files);
    return { name, route, files: files.size, rawBytes: sum.raw, gzipBytes: sum.gzip, onDemandGzipBytes: sum.gzip - entryTotal.gzip };
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function main(): void {
  if (process.argv.includes('--build') || !existsSync(MANIFEST)) {
    execFileSync('npm', ['run', 'build:web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  const budgets = [Number(process.env.WEB_BUDGET_KB ?? FIRST_LOAD_BUDGET_KB), Number(process.env.WEB_PICKS_BUDGET_KB ?? MAKE_PICKS_BUDGET_KB)];
  const screens = measureScreens();
  const header = ['screen', 'route', 'files', 'raw KB', 'gzip KB', 'on demand'];
  const rows = screens.map((s) => [
    s.name,
    s.route,
    String(s.files),
    kb(s.rawBytes),
    kb(s.gzipBytes),
    s.onDemandGzipBytes > 0 ? `+${kb(s.onDemandGzipBytes)}` : '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log("JavaScript each screen loads (entry + static imports + the screen's on-demand chunks), gzip level 9:\n");
  console.log(line(header));
  rows.forEach((r) => console.log(line(r)));
  // The first load: the landing page (visitors) and Make Picks (signed in), as web/e2e/first-load.test.ts measures them.
  for (const [i, first] of screens.slice(0, FIRST_LOAD_SCREENS).entries()) {
    const budget = budgets[i]!;
    console.log(`\nfirst load, ${first.name} (${first.route}): ${kb(first.gzipBytes)} KB gzipped, budget ${budget} KB`);
    if (first.gzipBytes > budget * 1024) {
      console.error(`over budget by ${kb(first.gzipBytes - budget * 1024)} KB`);
      process.exitCode = 1;
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
