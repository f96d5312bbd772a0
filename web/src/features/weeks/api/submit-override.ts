import type { OverrideReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { scoresKeys } from './calculate-scores';
import type { OverrideRequest } from '@/features/weeks/lib/override';
import { pickStatsQueryOptions } from './get-pick-stats';

/** POST /api/picks/commissioner-override: a member's picks entered for them, with a reason; recorded. */
export function submitOverride(body: OverrideRequest): Promise<OverrideReply> {
  return callApi(routes.override, { body });
}

/** Submits, then reloads what the picks change: pick stats, scoring review, live board and the week's overrides. */
export function useSubmitOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitOverride,
    onSuccess: (_reply, { poolId, weekNumber }) =>
      invalidateKeys(queryClient, [
        pickStatsQueryOptions(poolId, weekNumber).queryKey,
        ...scoresKeys(poolId, weekNumber),
        apiKey(routes.overrides, { params: { poolId, weekNumber } }),
      ]),
  });
}
