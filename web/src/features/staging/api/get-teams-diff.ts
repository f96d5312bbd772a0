import { teamsDiffSchema } from '@powerpool/contracts';
import type { TeamsDiff } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { SCHEDULE_ID, stagingKeys } from './keys';

/** GET /api/admin/unified-staging/teams-diff/{scheduleId}: staged teams compared with production. */
export function getTeamsDiff({ signal }: { signal?: AbortSignal } = {}): Promise<TeamsDiff> {
  return apiJson('GET', `/api/admin/unified-staging/teams-diff/${SCHEDULE_ID}`, teamsDiffSchema, undefined, { signal });
}

export function teamsDiffQueryOptions() {
  return queryOptions({ queryKey: stagingKeys.teamsDiff, queryFn: getTeamsDiff });
}

export function useTeamsDiff() {
  return useQuery(teamsDiffQueryOptions());
}
