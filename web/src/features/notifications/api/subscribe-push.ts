import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { subscribeToPush, unsubscribeFromPush } from '@/lib/push';
import { isPushEndpointRefused } from '@/features/notifications/lib/push-failure';
import type { PushSubscriptionJson } from '@/lib/push';
import { preferencesQueryOptions } from './get-preferences';
import { pushPublicKeyQueryOptions } from './get-push-public-key';
import { pushStateKey } from './browser-push-state';

/** POST /api/notifications/push-subscriptions: keeps this browser's subscription for the caller. */
export function savePushSubscription(subscription: PushSubscriptionJson): Promise<{ pushSubscriptions: number }> {
  return callApi(routes.subscribePush, { body: subscription });
}

/**
 * Turns push on in this browser (from a click: the permission prompt comes only then): the
 * server's VAPID key, the browser's subscription (web/src/lib/push.ts), then the server keeps it.
 * Fails with `PushUnavailableError` when the browser cannot (docs/screens.md#push-notifications).
 */
export function useSubscribePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const key = await queryClient.fetchQuery(pushPublicKeyQueryOptions());
      try {
        return await savePushSubscription(await subscribeToPush(key));
      } catch (err) {
        // A subscription the server will never push to is not left on in the browser (it would say "on").
        if (isPushEndpointRefused(err)) await unsubscribeFromPush().catch(() => undefined);
        throw err;
      }
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: pushStateKey }), queryClient.invalidateQueries({ queryKey: preferencesQueryOptions().queryKey })]),
  });
}
