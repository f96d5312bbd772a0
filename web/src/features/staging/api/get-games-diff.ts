import { gamesDiffSchema } from '@powerpool/contracts';
import type { GamesDiff } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { SCHEDULE_ID, stagingKeys } from './keys';

/** GET /api/admin/unified-staging/games-diff/{scheduleId}: staged games compared with production. */
export function getGamesDiff({ signal }: { signal?: AbortSignal } = {}): Promise<GamesDiff> {
  return apiJson('GET', `/api/admin/unified-staging/games-diff/${SCHEDULE_ID}`, gamesDiffSchema, undefined, { signal });
}

export function gamesDiffQueryOptions() {
  return queryOptions({ queryKey: stagingKeys.gamesDiff, queryFn: getGamesDiff });
}

export function useGamesDiff() {
  return useQuery(gamesDiffQueryOptions());
}
