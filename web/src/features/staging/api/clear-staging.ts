import type { ClearStagingReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { SCHEDULE_ID } from '@/features/staging/utils/schedule';
import { gamesDiffQueryOptions } from './get-games-diff';
import { stagingGamesQueryOptions } from './get-staging-games';
import { stagingTeamsQueryOptions } from './get-staging-teams';
import { teamsDiffQueryOptions } from './get-teams-diff';
import { validationReportQueryOptions } from './get-validation-report';

/** DELETE /api/admin/unified-staging/clear-staging/{scheduleId}: empties staging (production untouched). */
export function clearStaging(): Promise<ClearStagingReply> {
  return callApi(routes.clearStaging, { params: { scheduleId: SCHEDULE_ID } });
}

type Options = Omit<UseMutationOptions<ClearStagingReply, Error, void>, 'mutationFn'>;

/** Clears staging, then reloads the staged lists, both comparisons and the validation report. */
export function useClearStaging(options: Options = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = options;
  return useMutation({
    ...rest,
    mutationFn: clearStaging,
    onSettled: async (...args) => {
      await invalidateKeys(queryClient, [
        stagingTeamsQueryOptions().queryKey,
        stagingGamesQueryOptions().queryKey,
        teamsDiffQueryOptions().queryKey,
        gamesDiffQueryOptions().queryKey,
        validationReportQueryOptions().queryKey,
      ]);
      await onSettled?.(...args);
    },
  });
}
