import { venuesReplySchema } from '@powerpool/contracts';
import type { Venue } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { stagingKeys } from './keys';

/** GET /api/venues: every venue, ordered by name. */
export function getVenues({ signal }: { signal?: AbortSignal } = {}): Promise<Venue[]> {
  return apiJson('GET', '/api/venues', venuesReplySchema, undefined, { signal });
}

export function venuesQueryOptions() {
  return queryOptions({ queryKey: stagingKeys.venues, queryFn: getVenues });
}

export function useVenues() {
  return useQuery(venuesQueryOptions());
}
