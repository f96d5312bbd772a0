import type { StagingGame } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { SCHEDULE_ID } from '@/features/staging/utils/schedule';

const input = { params: { scheduleId: SCHEDULE_ID } };

/** GET /api/admin/unified-staging/games/{scheduleId}: the staged games. */
export function getStagingGames({ signal }: { signal?: AbortSignal } = {}): Promise<StagingGame[]> {
  return callApi(routes.stagingGames, input, { signal });
}

export function stagingGamesQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.stagingGames, input), queryFn: getStagingGames });
}

export function useStagingGames() {
  return useQuery(stagingGamesQueryOptions());
}
