import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

export interface PoolNotificationSettings {
  poolId: string;
  reminder24h: boolean;
  reminder1h: boolean;
}

/** GET /api/pools/{poolId}/notification-settings: the pool's picks reminders, each on or off (docs/notifications.md#reminders). */
export function getPoolNotificationSettings(poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PoolNotificationSettings> {
  return callApi(routes.poolSettings, { params: { poolId } }, { signal });
}

export function poolNotificationSettingsQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: apiKey(routes.poolSettings, { params: { poolId } }),
    queryFn: ({ signal }) => getPoolNotificationSettings(poolId, { signal }),
  });
}

export function usePoolNotificationSettings(poolId: string) {
  return useQuery(poolNotificationSettingsQueryOptions(poolId));
}
