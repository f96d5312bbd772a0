import type { VenueImportReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { venueStatsQueryOptions } from './get-venue-stats';
import { venuesQueryOptions } from './get-venues';

/** POST /api/unified-staging/venues/import: fetches the venues of the staged and production games. */
export function importVenues(): Promise<VenueImportReply> {
  return callApi(routes.importVenues);
}

type Options = Omit<UseMutationOptions<VenueImportReply, Error, void>, 'mutationFn'>;

/** Imports venues, then reloads the gallery and the stats. */
export function useImportVenues(options: Options = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = options;
  return useMutation({
    ...rest,
    mutationFn: importVenues,
    onSettled: async (...args) => {
      await invalidateKeys(queryClient, [venuesQueryOptions().queryKey, venueStatsQueryOptions().queryKey]);
      await onSettled?.(...args);
    },
  });
}
