import type { GamesDiff } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { SCHEDULE_ID } from '@/features/staging/utils/schedule';

const input = { params: { scheduleId: SCHEDULE_ID } };

/** GET /api/admin/unified-staging/games-diff/{scheduleId}: staged games compared with production. */
export function getGamesDiff({ signal }: { signal?: AbortSignal } = {}): Promise<GamesDiff> {
  return callApi(routes.gamesDiff, input, { signal });
}

export function gamesDiffQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.gamesDiff, input), queryFn: getGamesDiff });
}

export function useGamesDiff() {
  return useQuery(gamesDiffQueryOptions());
}
