import { useQuery } from '@tanstack/react-query';
import { publishedGamesQueryOptions } from '../../../lib/published-games';
import { LIVE_GAMES_REFETCH_MS } from '../lib/live';

/** The pool's published games of a week; `live`: reload every LIVE_GAMES_REFETCH_MS (GAMES_IN_PROGRESS). */
export function usePublishedGames(poolId: string, weekNumber: number, { live = false }: { live?: boolean } = {}) {
  return useQuery({ ...publishedGamesQueryOptions(poolId, weekNumber), refetchInterval: live ? LIVE_GAMES_REFETCH_MS : false });
}
