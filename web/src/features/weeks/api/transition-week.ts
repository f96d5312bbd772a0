import { weeksEndpoints } from '@powerpool/contracts';
import type { TransitionReply, TransitionSlug } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { invalidateKeys } from '../../../lib/query-client';
import { poolWeekKeys } from './week-keys';

export interface TransitionWeekVariables {
  poolId: string;
  weekNumber: number;
  target: TransitionSlug;
  /** The Testing tab's tool: skips the timing conditions (not the others); recorded as such. */
  testing?: boolean;
}

/** POST /api/pools/{poolId}/weeks/{weekNumber}/transition/{target}: one step forward; body `{ testing: true }` for the Testing tab. */
export function transitionWeek({ poolId, weekNumber, target, testing = false }: TransitionWeekVariables): Promise<TransitionReply> {
  return callApi(weeksEndpoints.transition, { params: { poolId, weekNumber, target }, body: testing ? { testing: true } : undefined });
}

/** Moves the week, then reloads everything that shows its state (`poolWeekKeys`). */
export function useTransitionWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionWeek,
    onSuccess: (_reply, { poolId, weekNumber }) => invalidateKeys(queryClient, poolWeekKeys(poolId, weekNumber)),
  });
}
