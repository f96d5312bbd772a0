import type { Team } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { SCHEDULE_ID } from '@/features/staging/utils/schedule';

const input = { params: { scheduleId: SCHEDULE_ID } };

/** GET /api/admin/unified-staging/teams/{scheduleId}: the staged teams. */
export function getStagingTeams({ signal }: { signal?: AbortSignal } = {}): Promise<Team[]> {
  return callApi(routes.stagingTeams, input, { signal });
}

export function stagingTeamsQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.stagingTeams, input), queryFn: getStagingTeams });
}

export function useStagingTeams() {
  return useQuery(stagingTeamsQueryOptions());
}
