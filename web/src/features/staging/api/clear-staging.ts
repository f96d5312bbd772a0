import { clearStagingReplySchema } from '@powerpool/contracts';
import type { ClearStagingReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { SCHEDULE_ID, invalidateStaging } from './keys';

/** DELETE /api/admin/unified-staging/clear-staging/{scheduleId}: empties staging (production untouched). */
export function clearStaging(): Promise<ClearStagingReply> {
  return apiJson('DELETE', `/api/admin/unified-staging/clear-staging/${SCHEDULE_ID}`, clearStagingReplySchema);
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
      await invalidateStaging(queryClient, ['teams', 'games', 'teamsDiff', 'gamesDiff', 'validation']);
      await onSettled?.(...args);
    },
  });
}
