import { SIGNED_IN_HINT_COOKIE } from '@powerpool/contracts';
import type { CurrentUser } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, isApiError, callApi } from './api-client';
import * as routes from '@/lib/api-routes.gen';

/*
 * The signed-in user is shared by every feature (navigation, guards, profile), so its call lives
 * here rather than in one feature (bulletproof-react keeps it in lib/auth as well). Signing in and
 * out are browser navigations: see auth-urls.ts.
 */

/**
 * Whether the gateway's readable signed-in hint cookie is present. It is set and cleared with the
 * HttpOnly session cookie (docs/architecture.md, sign-in) and grants nothing: it only saves a
 * signed-out visitor the "who am I?" call, whose 401 the browser would log as a console error.
 */
export function hasSignedInHint(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

/**
 * GET /api/auth/user: the signed-in user, or null when signed out (401). Without the signed-in hint
 * nobody can be signed in, so it answers null without asking; with a stale hint the call answers
 * 401 (and the gateway clears the hint).
 */
export async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  if (!hasSignedInHint()) return null;
  try {
    return await callApi(routes.currentUser, {}, { signal });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

/** docs/screens.md#data-loading: no retry; fresh 5 minutes, kept 10 minutes. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: apiKey(routes.currentUser),
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
