import { weeksEndpoints } from '@powerpool/contracts';
import type { Week } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '../../../lib/api-client';

/**
 * GET /api/weeks?poolId=: the pool's weeks, for Jump to Week only when the live reply carries
 * none (player spec section 7: "used only when metadata.allWeeks is absent", i.e. before the
 * deadline, when the board answers 403). Weeks are fresh 10 minutes (section 9).
 */
export function getSeasonWeeks(poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Week[]> {
  return callApi(weeksEndpoints.weeks, { query: { poolId } }, { signal });
}

const WEEKS_STALE_MS = 10 * 60_000;

export function useSeasonWeeks(poolId: string, { enabled }: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: apiKey(weeksEndpoints.weeks, { query: { poolId } }),
      queryFn: ({ signal }) => getSeasonWeeks(poolId, { signal }),
      staleTime: WEEKS_STALE_MS,
      enabled,
    }),
  );
}
