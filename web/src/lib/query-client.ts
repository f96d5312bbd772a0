import { QueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/**
 * Defaults (docs/screens.md#data-loading): no retry, no refetch on window focus, no polling,
 * data never stale; mutations do not retry. Queries that need other timings say so themselves.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The app's one query client. */
export const queryClient = createQueryClient();

/**
 * Marks every query under each key stale (a key is also a prefix: `apiPrefix(routes.ownedPools,
 * 'pools')` covers every pool list and panel) and waits for the active ones to refetch. For
 * mutation hooks, with keys taken from the api files' `xxxQueryOptions().queryKey`, `apiKey` or
 * `apiPrefix` (lib/api-client.ts).
 */
export async function invalidateKeys(client: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
