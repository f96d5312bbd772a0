import type { DownloadSpreadsReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { poolSpreadsQueryOptions } from './get-pool-spreads';
import { setupGamesQueryOptions } from './get-setup-games';

export interface DownloadSpreadsVariables {
  poolId: string;
  weekNumber: number;
}

/** POST /api/pools/{poolId}/spreads/{weekNumber}/download (no body): the pool's spreads from the provider's current lines. */
export function downloadSpreads({ poolId, weekNumber }: DownloadSpreadsVariables): Promise<DownloadSpreadsReply> {
  return callApi(routes.downloadSpreads, { params: { poolId, weekNumber } });
}

/** Downloads the lines, then reloads the pool's spreads and the week's games (their provider lines). */
export function useDownloadSpreads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadSpreads,
    onSuccess: (_reply, { poolId, weekNumber }) =>
      invalidateKeys(queryClient, [poolSpreadsQueryOptions(poolId, weekNumber).queryKey, setupGamesQueryOptions(poolId, weekNumber).queryKey]),
  });
}
