import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { unsubscribeFromPush } from '@/lib/push';
import { preferencesQueryOptions } from './get-preferences';
import { pushStateKey } from './browser-push-state';

/** DELETE /api/notifications/push-subscriptions: forgets one of the caller's browsers. */
export function deletePushSubscription(endpoint: string): Promise<{ pushSubscriptions: number }> {
  return callApi(routes.unsubscribePush, { body: { endpoint } });
}

/** Turns push off in this browser, then has the server forget its subscription. */
export function useUnsubscribePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeFromPush();
      return endpoint ? deletePushSubscription(endpoint) : null;
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: pushStateKey }), queryClient.invalidateQueries({ queryKey: preferencesQueryOptions().queryKey })]),
  });
}
