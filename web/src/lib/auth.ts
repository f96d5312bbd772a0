import type { CurrentUser } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchQueryKey } from './api-client';

/**
 * The signed-in user is shared by every feature (navigation, guards, profile), so it lives here
 * rather than in one feature (bulletproof-react keeps it in lib/auth as well).
 */
export const CURRENT_USER_QUERY_KEY = ['/api/auth/user'] as const;

/**
 * GET /api/auth/user: the signed-in user, or null when signed out (401).
 *
 * The one reply the SPA does not parse with its contract: every first load waits for it, and
 * parsing would put zod (about 23 KB gzipped) in front of the landing page (bench/README.md, "SPA
 * first load"). Identity sends it through the same `currentUserSchema` (its route's response
 * schema), so the shape is still checked, at the service's edge.
 */
export async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  const body = await fetchQueryKey(CURRENT_USER_QUERY_KEY, { on401: 'returnNull', signal });
  return body as CurrentUser | null;
}

/** Player spec section 7: no retry; fresh 5 minutes, kept 10 minutes. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: getCurrentUser,
    retry: false,
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/**
 * The signed-in user for screens rendered inside the signed-in routes (the route guard has already
 * made sure there is one). Throws otherwise, which the route error screen shows.
 */
export function useSignedInUser(): CurrentUser {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSignedInUser used outside the signed-in routes');
  return data;
}
