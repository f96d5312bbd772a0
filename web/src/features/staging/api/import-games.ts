import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { invalidateStaging } from './keys';
import { streamImport } from './stream-import';
import type { CompleteImportEvent, ImportVariables } from './stream-import';

/**
 * POST /api/admin/unified-staging/import-games/{scheduleId}: stages ESPN's schedule for the year
 * (streamed progress). Teams must be staged first; the server says so otherwise.
 */
export function importGames(variables: ImportVariables): Promise<CompleteImportEvent> {
  return streamImport('games', variables);
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
      await invalidateStaging(queryClient, ['games', 'gamesDiff', 'validation']);
      await onSettled?.(...args);
    },
  });
}
