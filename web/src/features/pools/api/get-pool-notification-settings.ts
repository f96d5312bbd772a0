import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, readApi } from '@/lib/api-client';
import { managementRoutes } from '@/lib/management-routes';

export interface PoolNotificationSettings {
  poolId: string;
  reminder24h: boolean;
  reminder1h: boolean;
}

/** GET /api/pools/{poolId}/notification-settings: the pool's picks reminders, each on or off (docs/notifications.md#reminders). */
export function getPoolNotificationSettings(poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PoolNotificationSettings> {
  return readApi(managementRoutes.poolNotificationSettings, { params: { poolId } }, { signal });
}

export function poolNotificationSettingsQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: apiKey(managementRoutes.poolNotificationSettings, { params: { poolId } }),
    queryFn: ({ signal }) => getPoolNotificationSettings(poolId, { signal }),
  });
}

export function usePoolNotificationSettings(poolId: string) {
  return useQuery(poolNotificationSettingsQueryOptions(poolId));
}
