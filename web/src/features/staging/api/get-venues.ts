import type { Venue } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/venues: every venue, ordered by name. */
export function getVenues({ signal }: { signal?: AbortSignal } = {}): Promise<Venue[]> {
  return callApi(routes.venues, {}, { signal });
}

export function venuesQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.venues), queryFn: getVenues });
}

export function useVenues() {
  return useQuery(venuesQueryOptions());
}
