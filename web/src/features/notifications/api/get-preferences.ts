import type { NotificationPreferencesReply } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/notifications/preferences: every kind and channel (defaults filled in) and how many browsers get push. */
export function getPreferences({ signal }: { signal?: AbortSignal } = {}): Promise<NotificationPreferencesReply> {
  return callApi(routes.preferences, {}, { signal });
}

export function preferencesQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.preferences), queryFn: ({ signal }) => getPreferences({ signal }) });
}

export function usePreferences({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...preferencesQueryOptions(), enabled });
}
