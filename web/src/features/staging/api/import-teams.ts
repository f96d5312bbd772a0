import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { invalidateStaging } from './keys';
import { streamImport } from './stream-import';
import type { CompleteImportEvent, ImportVariables } from './stream-import';

/** POST /api/admin/unified-staging/import-teams/{scheduleId}: stages ESPN's teams (streamed progress). */
export function importTeams(variables: ImportVariables): Promise<CompleteImportEvent> {
  return streamImport('teams', variables);
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
      await invalidateStaging(queryClient, ['teams', 'teamsDiff', 'gamesDiff', 'validation']);
      await onSettled?.(...args);
    },
  });
}
