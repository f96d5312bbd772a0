import type { Plugin, Rollup } from 'vite';
import { paths } from '../src/config/paths';

/**
 * The screens whose code loads on demand (src/app/router.tsx) and that a visit often opens on, by
 * route: the modules a signed-in first visit of that address fetches as soon as the app runs
 * (Make Picks' body at / and /picks; /live-results sends a player on to the live leaderboard, so
 * both). The others (profile, payments, site administration, the demo) load when matched.
 */
const ROUTE_MODULES: ReadonlyArray<readonly [pattern: string, modules: readonly string[]]> = [
  [paths.home.path, ['src/features/picks/components/picks-page.tsx']],
  [paths.picks.path, ['src/features/picks/components/picks-page.tsx']],
  [paths.leaderboard.path, ['src/app/routes/season-leaderboard.tsx']],
  [paths.liveResults.path, ['src/app/routes/live-results.tsx', 'src/app/routes/live-leaderboard.tsx']],
  [paths.liveLeaderboard.path, ['src/app/routes/live-leaderboard.tsx']],
  [paths.admin.path, ['src/app/routes/pool-management.tsx']],
  [paths.currentWeek.path, ['src/app/routes/current-week.tsx']],
  [paths.week.path, ['src/app/routes/week-management.tsx']],
];

/**
 * The gateway's readable signed-in hint cookie: SIGNED_IN_HINT_COOKIE of libs/contracts, which the
 * build's config cannot import (TypeScript sources); route-preload.test.ts holds them equal.
 */
export const HINT_COOKIE = 'pp_signed_in';

/** A router pattern (`/weeks/:weekNumber`) as the source of a regular expression matching a whole pathname. */
export const patternSource = (pattern: string) => `^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`;

/** The chunk's file with every chunk it imports statically, less those already in `loaded`. */
function withImports(bundle: Rollup.OutputBundle, fileName: string, loaded: Set<string>, into: string[] = []): string[] {
  if (loaded.has(fileName) || into.includes(fileName)) return into;
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return into;
  into.push(fileName);
  for (const imported of chunk.imports) withImports(bundle, imported, loaded, into);
  return into;
}

/**
 * Emits a small script, loaded by index.html beside the entry, that starts fetching the code of the
 * screen a signed-in visit opens (docs/screens.md#data-loading): `<link rel="modulepreload">` for
 * the route's chunks, so they load with the entry's instead of after it has run and the router has
 * matched (docs/screens.md#data-loading: the request chain before the screen's first paint).
 * Without the signed-in hint (HINT_COOKIE) it does nothing: a visitor's landing page fetches no screen's code. The chunks'
 * names are the build's (content hashes), so the script is made at build time.
 */
export function routePreload(): Plugin {
  let script: string | undefined;
  return {
    name: 'powerpool-route-preload',
    apply: 'build',
    // Before Vite writes index.html (its own generateBundle), so the tag below can name the file.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
        // What the entry loads anyway (index.html's module script and its static imports).
        const initial = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) withImports(bundle, chunk.fileName, new Set(), []).forEach((f) => initial.add(f));
        const chunkOf = (module: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/web/${module}`));
          if (!chunk) throw new Error(`route-preload: no chunk for ${module}`);
          return chunk.fileName;
        };
        // Each file once (`files`), each route with the indexes of its files.
        const files: string[] = [];
        const routes = ROUTE_MODULES.map(([pattern, modules]) => {
          const own: string[] = [];
          for (const module of modules) withImports(bundle, chunkOf(module), initial, own);
          return [patternSource(pattern), own.map((f) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1))] as const;
        });
        const source = `(function () {
  if (!/(?:^|;\\s*)${HINT_COOKIE}=/.test(document.cookie)) return;
  var files = ${JSON.stringify(files)};
  var routes = ${JSON.stringify(routes)};
  for (var i = 0; i < routes.length; i++) {
    if (!new RegExp(routes[i][0]).test(location.pathname)) continue;
    routes[i][1].forEach(function (file) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = '/' + files[file];
      document.head.appendChild(link);
    });
    return;
  }
})();
`;
        script = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preload.js', source }));
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!script) throw new Error('route-preload: index.html was written before the bundle was complete');
        return [{ tag: 'script', attrs: { src: `/${script}`, async: true }, injectTo: 'head' }];
      },
    },
  };
}
