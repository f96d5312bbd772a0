import { teamsReplySchema } from '@powerpool/contracts';
import type { Team } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { SCHEDULE_ID, stagingKeys } from './keys';

/** GET /api/admin/unified-staging/teams/{scheduleId}: the staged teams. */
export function getStagingTeams({ signal }: { signal?: AbortSignal } = {}): Promise<Team[]> {
  return apiJson('GET', `/api/admin/unified-staging/teams/${SCHEDULE_ID}`, teamsReplySchema, undefined, { signal });
}

export function stagingTeamsQueryOptions() {
  return queryOptions({ queryKey: stagingKeys.teams, queryFn: getStagingTeams });
}

export function useStagingTeams() {
  return useQuery(stagingTeamsQueryOptions());
}
