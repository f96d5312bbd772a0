import { sportsEndpoints } from '@powerpool/contracts';
import type { Team } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import { SCHEDULE_ID } from '@/features/staging/utils/schedule';

const input = { params: { scheduleId: SCHEDULE_ID } };

/** GET /api/admin/unified-staging/teams/{scheduleId}: the staged teams. */
export function getStagingTeams({ signal }: { signal?: AbortSignal } = {}): Promise<Team[]> {
  return callApi(sportsEndpoints.stagingTeams, input, { signal });
}

export function stagingTeamsQueryOptions() {
  return queryOptions({ queryKey: apiKey(sportsEndpoints.stagingTeams, input), queryFn: getStagingTeams });
}

export function useStagingTeams() {
  return useQuery(stagingTeamsQueryOptions());
}
