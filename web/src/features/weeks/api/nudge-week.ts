import { NUDGE_INTERVAL_MS } from '@powerpool/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

export interface NudgeWeekVariables {
  poolId: string;
  weekNumber: number;
}

/**
 * POST /api/pools/{poolId}/weeks/{weekNumber}/nudge (docs/notifications.md#nudge): reminds the
 * active members who have not saved their picks. Refusals: 429 nudge_too_soon (details
 * `nextNudgeAt`), 409 week_not_open, 409 still_syncing (picks-scoring could not be asked who has
 * saved: the toast shows the server's message, try again).
 */
export function nudgeWeek({ poolId, weekNumber }: NudgeWeekVariables): Promise<{ nudged: number; justEmailed: number; nextNudgeAt: string }> {
  return callApi(routes.nudge, { params: { poolId, weekNumber } });
}

const nudgeStatusKey = ({ poolId, weekNumber }: NudgeWeekVariables) => ['nudge-status', poolId, weekNumber] as const;

/**
 * GET /api/pools/{poolId}/weeks/{weekNumber}/nudge: when the next nudge of the week is possible by
 * the server's clock (null: now), so a page opened after a nudge shows it before anyone presses.
 */
export function useNudgeStatus(variables: NudgeWeekVariables) {
  return useQuery({
    queryKey: nudgeStatusKey(variables),
    queryFn: () => callApi(routes.nudgeStatus, { params: variables }),
  });
}

/** The nudge; its answer (or a nudge_too_soon refusal) is the week's nudge status from then on. */
export function useNudgeWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: nudgeWeek,
    onSuccess: ({ nextNudgeAt }, variables) => queryClient.setQueryData(nudgeStatusKey(variables), { nextNudgeAt }),
    onError: (error, variables) => {
      const nextNudgeAt = nextNudgeAtOf(error);
      if (nextNudgeAt) queryClient.setQueryData(nudgeStatusKey(variables), { nextNudgeAt });
    },
  });
}

/** When the next nudge is possible, from a 429 nudge_too_soon refusal's details, or null. */
export function nextNudgeAtOf(error: unknown): string | null {
  if (!isApiError(error, 429) || error.code !== 'nudge_too_soon') return null;
  const details: unknown = error.details;
  if (typeof details !== 'object' || details === null || !('nextNudgeAt' in details)) return null;
  const at = details.nextNudgeAt;
  return typeof at === 'string' && !Number.isNaN(new Date(at).getTime()) ? at : null;
}

/** The last nudge's time from when the next one is possible (they are NUDGE_INTERVAL_MS apart). */
export function lastNudgeAt(nextNudgeAt: string): Date {
  return new Date(new Date(nextNudgeAt).getTime() - NUDGE_INTERVAL_MS);
}
