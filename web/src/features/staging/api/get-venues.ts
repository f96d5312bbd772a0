import { sportsEndpoints } from '@powerpool/contracts';
import type { Venue } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';

/** GET /api/venues: every venue, ordered by name. */
export function getVenues({ signal }: { signal?: AbortSignal } = {}): Promise<Venue[]> {
  return callApi(sportsEndpoints.venues, {}, { signal });
}

export function venuesQueryOptions() {
  return queryOptions({ queryKey: apiKey(sportsEndpoints.venues), queryFn: getVenues });
}

export function useVenues() {
  return useQuery(venuesQueryOptions());
}
