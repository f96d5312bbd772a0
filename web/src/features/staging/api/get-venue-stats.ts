import { venueStatsReplySchema } from '@powerpool/contracts';
import type { VenueStats } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { stagingKeys } from './keys';

/** GET /api/unified-staging/venues/stats: counts of venues, images, indoor and grass. */
export async function getVenueStats({ signal }: { signal?: AbortSignal } = {}): Promise<VenueStats> {
  const reply = await apiJson('GET', '/api/unified-staging/venues/stats', venueStatsReplySchema, undefined, { signal });
  return reply.data;
}

export function venueStatsQueryOptions() {
  return queryOptions({ queryKey: stagingKeys.venueStats, queryFn: getVenueStats });
}

export function useVenueStats() {
  return useQuery(venueStatsQueryOptions());
}
