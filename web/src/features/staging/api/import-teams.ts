import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { apiResponse } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { readImportStream } from '@/features/staging/utils/import-stream';
import type { CompleteImportEvent, ImportVariables } from '@/features/staging/utils/import-stream';
import { SCHEDULE_ID } from '@/features/staging/utils/schedule';
import { gamesDiffQueryOptions } from './get-games-diff';
import { stagingTeamsQueryOptions } from './get-staging-teams';
import { teamsDiffQueryOptions } from './get-teams-diff';
import { validationReportQueryOptions } from './get-validation-report';

/**
 * POST /api/admin/unified-staging/import-teams/{scheduleId} with `{year}`: stages ESPN's teams,
 * reading the streamed progress (`readImportStream`). Rejects with ApiError for a non-OK reply.
 */
export async function importTeams({ year, onEvent, signal }: ImportVariables): Promise<CompleteImportEvent> {
  const res = await apiResponse(routes.importTeams, { params: { scheduleId: SCHEDULE_ID }, body: { year } }, { signal });
  return readImportStream(res, onEvent);
}

type Options = Omit<UseMutationOptions<CompleteImportEvent, Error, ImportVariables>, 'mutationFn'>;

/** Imports the teams, then reloads the staged teams, both comparisons and the validation report. */
export function useImportTeams(options: Options = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = options;
  return useMutation({
    ...rest,
    mutationFn: importTeams,
    onSettled: async (...args) => {
      await invalidateKeys(queryClient, [
        stagingTeamsQueryOptions().queryKey,
        teamsDiffQueryOptions().queryKey,
        gamesDiffQueryOptions().queryKey,
        validationReportQueryOptions().queryKey,
      ]);
      await onSettled?.(...args);
    },
  });
}
