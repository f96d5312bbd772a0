import type { WeekStatus } from '@powerpool/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { BADGE_CLOCK_MS, useNow } from '@/hooks/use-now';
import { gamesArePlaying, useLiveGames, withLiveState } from '@/lib/live-games';
import { publishedGamesQueryOptions } from '@/lib/published-games';
import { invalidateKeys } from '@/lib/query-client';
import { LIVE_GAMES_REFETCH_MS } from '@/features/weeks/lib/live';
import { weekStateQueryOptions } from './get-week-state';

/** The pool's published games of a week; `live`: reload every LIVE_GAMES_REFETCH_MS (GAMES_IN_PROGRESS). */
export function usePublishedGames(poolId: string, weekNumber: number, { live = false }: { live?: boolean } = {}) {
  return useQuery({ ...publishedGamesQueryOptions(poolId, weekNumber), refetchInterval: live ? LIVE_GAMES_REFETCH_MS : false });
}

/**
 * The published games with, while games are on, their status, quarter, clock and scores pushed by
 * the games stream laid over them (docs/screens.md#data-loading). When the stream fails the query's own data (and its
 * `live` reload) stands in, silently.
 */
export function useLivePublishedGames(status: Pick<WeekStatus, 'poolId' | 'year' | 'weekNumber' | 'currentState'>, { live = false }: { live?: boolean } = {}) {
  const now = useNow(BADGE_CLOCK_MS);
  const query = usePublishedGames(status.poolId, status.weekNumber, { live });
  const pushed = useLiveGames(status.year, status.weekNumber, query.data !== undefined && gamesArePlaying(query.data, now, status.currentState), query);
  const games = useMemo(() => query.data?.map((game) => withLiveState(game, pushed.games.get(game.id))), [query.data, pushed.games]);
  // A game the stream reports final changes the week's counts and may allow its next step: the
  // week's state is read again at once (docs/screens.md#following-the-week), not at its next interval.
  const finals = games?.filter((game) => game.isComplete).length;
  const queryClient = useQueryClient();
  const seenFinals = useRef(finals);
  useEffect(() => {
    const before = seenFinals.current;
    seenFinals.current = finals;
    if (before !== undefined && finals !== undefined && finals > before)
      void invalidateKeys(queryClient, [weekStateQueryOptions(status.poolId, status.weekNumber).queryKey]);
  }, [finals, queryClient, status.poolId, status.weekNumber]);
  return { query, games, now };
}
