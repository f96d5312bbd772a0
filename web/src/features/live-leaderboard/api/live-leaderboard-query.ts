import type { LiveLeaderboard } from '@powerpool/contracts';
import { queryOptions, replaceEqualDeep } from '@tanstack/react-query';
import { LIVE_CACHE_MS, LIVE_STALE_MS } from '@/config/live-leaderboard';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/*
 * The live leaderboard's query, apart from the hook that schedules it (get-live-leaderboard.ts),
 * the one call kept in two files: it is prefetched before the screen's code arrives
 * (app/prefetch.ts), so this module is in the first load, and the hook's polling rules and
 * messages would come with it (2.8 KB gzipped more on the landing page, over its budget:
 * bench/web-bundle.ts).
 */

/**
 * GET /api/pools/{poolId}/weeks/{weekNumber}/live-leaderboard: standings, games, impact games,
 * overrides. Before the deadline a member gets 403 `picks_not_available` (lib/errors.ts).
 */
export function getLiveLeaderboard(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<LiveLeaderboard> {
  return callApi(routes.liveLeaderboard, { params: { poolId, weekNumber } }, { signal });
}

/** A list of the board shared item by item with the one before, matched by id (a score reorders the standings). */
function shareById<T>(old: readonly T[], next: readonly T[], idOf: (item: T) => string): readonly T[] {
  if (old === next) return old;
  const before = new Map(old.map((item) => [idOf(item), item]));
  let same = old.length === next.length;
  const shared = next.map((item, i) => {
    const prev = before.get(idOf(item));
    const kept = prev === undefined ? item : replaceEqualDeep(prev, item);
    if (kept !== old[i]) same = false;
    return kept;
  });
  return same ? old : shared;
}

/**
 * The live board's structural sharing (the query's, and the stream's `boardToShow`): `next` with
 * every part equal to the shown board's replaced by that part, so a row whose player did not
 * change keeps its object and React skips it. Standings, games and impact games are matched by
 * id rather than by place: after a score the players move, and comparing each with whoever stood
 * at its place before would rebuild most of a 1,000-player board on every frame.
 */
export function shareLiveBoard(old: unknown, next: unknown): unknown {
  if (old === undefined || old === next) return next;
  const [o, n] = [old as LiveLeaderboard, next as LiveLeaderboard];
  const shared: Record<string, unknown> = {};
  let same = Object.keys(o).length === Object.keys(n).length;
  for (const key of Object.keys(n) as Array<keyof LiveLeaderboard>) {
    const value =
      key === 'standings'
        ? shareById(o.standings, n.standings, (s) => s.userId)
        : key === 'gamesCentric'
          ? shareById(o.gamesCentric, n.gamesCentric, (g) => g.gameId)
          : key === 'impactGames'
            ? shareById(o.impactGames, n.impactGames, (g) => g.gameId)
            : replaceEqualDeep(o[key], n[key]);
    if (value !== o[key]) same = false;
    shared[key] = value;
  }
  return same ? old : shared;
}

/**
 * docs/screens.md#live-leaderboard: stale after 30 s, kept 5 min, no refetch on focus; the smart
 * polling by the week's state is the screen's (liveBoardRefetchInterval). No `retry`: the
 * 403 before the deadline is an answer, shown at once as "Pick Data Coming Soon" (retries would
 * hold the page on its loading state); it is asked again on a schedule instead (useLiveLeaderboard).
 */
export function liveLeaderboardQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(routes.liveLeaderboard, { params: { poolId, weekNumber } }),
    queryFn: ({ signal }) => getLiveLeaderboard(poolId, weekNumber, { signal }),
    staleTime: LIVE_STALE_MS,
    gcTime: LIVE_CACHE_MS,
    refetchOnWindowFocus: false,
    retry: false,
    structuralSharing: shareLiveBoard,
  });
}
