import type { VenueStats } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/unified-staging/venues/stats: counts of venues, images, indoor and grass. */
export async function getVenueStats({ signal }: { signal?: AbortSignal } = {}): Promise<VenueStats> {
  const reply = await callApi(routes.venueStats, {}, { signal });
  return reply.data;
}

export function venueStatsQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.venueStats), queryFn: getVenueStats });
}

export function useVenueStats() {
  return useQuery(venueStatsQueryOptions());
}
