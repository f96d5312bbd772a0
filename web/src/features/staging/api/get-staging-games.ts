import { stagingGamesReplySchema } from '@powerpool/contracts';
import type { StagingGame } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { SCHEDULE_ID, stagingKeys } from './keys';

/** GET /api/admin/unified-staging/games/{scheduleId}: the staged games. */
export function getStagingGames({ signal }: { signal?: AbortSignal } = {}): Promise<StagingGame[]> {
  return apiJson('GET', `/api/admin/unified-staging/games/${SCHEDULE_ID}`, stagingGamesReplySchema, undefined, { signal });
}

export function stagingGamesQueryOptions() {
  return queryOptions({ queryKey: stagingKeys.games, queryFn: getStagingGames });
}

export function useStagingGames() {
  return useQuery(stagingGamesQueryOptions());
}
