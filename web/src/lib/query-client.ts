import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/**
 * Defaults from the player spec (section 7): no retry, no refetch on window focus, no polling,
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
