import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import type { PoolNotificationSettings } from './get-pool-notification-settings';
import { poolNotificationSettingsQueryOptions } from './get-pool-notification-settings';

export interface UpdatePoolNotificationSettingsVariables {
  poolId: string;
  reminder24h?: boolean;
  reminder1h?: boolean;
}

/** PUT /api/pools/{poolId}/notification-settings: turns the pool's 24-hour or 1-hour reminder on or off (its commissioner or a super admin). */
export function updatePoolNotificationSettings({ poolId, ...body }: UpdatePoolNotificationSettingsVariables): Promise<PoolNotificationSettings> {
  return callApi(routes.updatePoolSettings, { params: { poolId }, body });
}

/** Saves, then shows what the server stored. */
export function useUpdatePoolNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePoolNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(poolNotificationSettingsQueryOptions(saved.poolId).queryKey, saved),
  });
}
