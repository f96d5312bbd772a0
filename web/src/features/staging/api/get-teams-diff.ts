import type { TeamsDiff } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { SCHEDULE_ID } from '@/features/staging/utils/schedule';

const input = { params: { scheduleId: SCHEDULE_ID } };

/** GET /api/admin/unified-staging/teams-diff/{scheduleId}: staged teams compared with production. */
export function getTeamsDiff({ signal }: { signal?: AbortSignal } = {}): Promise<TeamsDiff> {
  return callApi(routes.teamsDiff, input, { signal });
}

export function teamsDiffQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.teamsDiff, input), queryFn: getTeamsDiff });
}

export function useTeamsDiff() {
  return useQuery(teamsDiffQueryOptions());
}
