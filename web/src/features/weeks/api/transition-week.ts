import type { TransitionReply, TransitionSlug } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { poolWeekKeys } from './get-week-state';
import type { WeekChangeOptions } from './get-week-state';

export interface TransitionWeekVariables {
  poolId: string;
  weekNumber: number;
  target: TransitionSlug;
  /** The Testing tab's tool: skips the timing conditions (not the others); recorded as such. */
  testing?: boolean;
}

/**
 * POST /api/pools/{poolId}/weeks/{weekNumber}/transition/{target}: one step forward; body
 * `{ testing: true }` for the Testing tab, else `{}`. The body is declared optional, but the
 * service refuses a POST without one (Fastify validates a missing body as null: 400 "expected
 * object, received null"), so one is always sent.
 */
export function transitionWeek({ poolId, weekNumber, target, testing = false }: TransitionWeekVariables): Promise<TransitionReply> {
  return callApi(routes.transition, { params: { poolId, weekNumber, target }, body: testing ? { testing: true } : {} });
}

/** Moves the week, then reloads everything that shows its state (`poolWeekKeys`). */
export function useTransitionWeek({ onSuccess }: WeekChangeOptions<TransitionReply, TransitionWeekVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionWeek,
    onSuccess: (reply, variables) => {
      onSuccess?.(reply, variables);
      return invalidateKeys(queryClient, poolWeekKeys(variables.poolId, variables.weekNumber));
    },
  });
}
