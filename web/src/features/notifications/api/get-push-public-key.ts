import { queryOptions } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/notifications/push/public-key: the VAPID key browsers subscribe with (404 when push is off on the server). */
export async function getPushPublicKey({ signal }: { signal?: AbortSignal } = {}): Promise<string> {
  return (await callApi(routes.pushPublicKey, {}, { signal })).publicKey;
}

/** Read once per session, when a click turns push on (`queryClient.fetchQuery`). */
export function pushPublicKeyQueryOptions() {
  return queryOptions({
    queryKey: apiKey(routes.pushPublicKey),
    queryFn: ({ signal }) => getPushPublicKey({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
