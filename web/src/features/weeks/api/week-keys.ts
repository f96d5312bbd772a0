import type { QueryKey } from '@tanstack/react-query';
import { apiKey } from '@/lib/api-client';
import { firstScreenRoutes } from '@/lib/api-routes';
import { managementRoutes } from '@/lib/management-routes';

/**
 * What a change of a pool week (publish, a change of state, scores, a void ruling) can change:
 * everything under /api/pools/{poolId}/weeks/{weekNumber} (state, transitions, published games),
 * the pool's spreads of the week (locked at publish), the pool's week list and current week (both
 * carry the state), and the site admin's pool cards (they show the current week's state).
 */
export function poolWeekKeys(poolId: string, weekNumber: number): QueryKey[] {
  const params = { poolId, weekNumber };
  return [
    apiKey(firstScreenRoutes.weekState, { params }).slice(0, -1),
    apiKey(managementRoutes.spreads, { params }),
    apiKey(firstScreenRoutes.weeks, { query: { poolId } }),
    apiKey(firstScreenRoutes.currentWeek, { query: { poolId } }),
    apiKey(managementRoutes.adminPoolDetails),
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
