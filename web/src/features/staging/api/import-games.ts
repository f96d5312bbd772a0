import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { apiResponse } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { readImportStream } from '@/features/staging/utils/import-stream';
import type { CompleteImportEvent, ImportVariables } from '@/features/staging/utils/import-stream';
import { SCHEDULE_ID } from '@/features/staging/utils/schedule';
import { gamesDiffQueryOptions } from './get-games-diff';
import { stagingGamesQueryOptions } from './get-staging-games';
import { validationReportQueryOptions } from './get-validation-report';

/**
 * POST /api/admin/unified-staging/import-games/{scheduleId} with `{year}`: stages ESPN's schedule
 * for the year, reading the streamed progress (`readImportStream`). Teams must be staged first;
 * the server says so otherwise (an ApiError).
 */
export async function importGames({ year, onEvent, signal }: ImportVariables): Promise<CompleteImportEvent> {
  const res = await apiResponse(routes.importGames, { params: { scheduleId: SCHEDULE_ID }, body: { year } }, { signal });
  return readImportStream(res, onEvent);
}

type Options = Omit<UseMutationOptions<CompleteImportEvent, Error, ImportVariables>, 'mutationFn'>;

/** Imports the games, then reloads the staged games, the games comparison and the validation report. */
export function useImportGames(options: Options = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = options;
  return useMutation({
    ...rest,
    mutationFn: importGames,
    onSettled: async (...args) => {
      await invalidateKeys(queryClient, [stagingGamesQueryOptions().queryKey, gamesDiffQueryOptions().queryKey, validationReportQueryOptions().queryKey]);
      await onSettled?.(...args);
    },
  });
}
