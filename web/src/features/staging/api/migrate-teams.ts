import { migrateTeamsReplySchema } from '@powerpool/contracts';
import type { MigrateTeamsReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { SCHEDULE_ID, invalidateStaging } from './keys';

/** POST /api/admin/unified-staging/migrate-teams/{scheduleId}: copies the staged teams to production. */
export function migrateTeams(): Promise<MigrateTeamsReply> {
  return apiJson('POST', `/api/admin/unified-staging/migrate-teams/${SCHEDULE_ID}`, migrateTeamsReplySchema);
}

type Options = Omit<UseMutationOptions<MigrateTeamsReply, Error, void>, 'mutationFn'>;

/** Migrates the teams, then reloads both comparisons (games show team names from production). */
export function useMigrateTeams(options: Options = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = options;
  return useMutation({
    ...rest,
    mutationFn: migrateTeams,
    onSettled: async (...args) => {
      await invalidateStaging(queryClient, ['teamsDiff', 'gamesDiff']);
      await onSettled?.(...args);
    },
  });
}
