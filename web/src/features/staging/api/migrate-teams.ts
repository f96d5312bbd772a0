import type { MigrateTeamsReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { SCHEDULE_ID } from '@/features/staging/utils/schedule';
import { gamesDiffQueryOptions } from './get-games-diff';
import { teamsDiffQueryOptions } from './get-teams-diff';

/** POST /api/admin/unified-staging/migrate-teams/{scheduleId}: copies the staged teams to production. */
export function migrateTeams(): Promise<MigrateTeamsReply> {
  return callApi(routes.migrateTeams, { params: { scheduleId: SCHEDULE_ID } });
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
      await invalidateKeys(queryClient, [teamsDiffQueryOptions().queryKey, gamesDiffQueryOptions().queryKey]);
      await onSettled?.(...args);
    },
  });
}
