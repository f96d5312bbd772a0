import { poolsEndpoints, weeksEndpoints } from '@powerpool/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { apiKey } from '../../../lib/api-client';

/**
 * What a change of a pool week (publish, a change of state, scores, a void ruling) can change:
 * everything under /api/pools/{poolId}/weeks/{weekNumber} (state, transitions, published games),
 * the pool's spreads of the week (locked at publish), the pool's week list and current week (both
 * carry the state), and the site admin's pool cards (they show the current week's state).
 */
export function poolWeekKeys(poolId: string, weekNumber: number): QueryKey[] {
  const params = { poolId, weekNumber };
  return [
    apiKey(weeksEndpoints.weekState, { params }).slice(0, -1),
    apiKey(weeksEndpoints.spreads, { params }),
    apiKey(weeksEndpoints.weeks, { query: { poolId } }),
    apiKey(weeksEndpoints.currentWeek, { query: { poolId } }),
    apiKey(poolsEndpoints.adminPoolDetails),
  ];
}

/** The options of the hooks that change a pool week's state (publish, transitions). */
export interface WeekChangeOptions<Reply, Variables> {
  /**
   * Runs once the change is made, before the reload. Give the success toast here, not to
   * `mutate`: the reload shows the new state, whose panel replaces the one that asked, and
   * `mutate`'s own callbacks do not run once their component is gone.
   */
  onSuccess?: (reply: Reply, variables: Variables) => void;
}
