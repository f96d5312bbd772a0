import { venueImportReplySchema } from '@powerpool/contracts';
import type { VenueImportReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { invalidateStaging } from './keys';

/** POST /api/unified-staging/venues/import: fetches the venues of the staged and production games. */
export function importVenues(): Promise<VenueImportReply> {
  return apiJson('POST', '/api/unified-staging/venues/import', venueImportReplySchema);
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
      await invalidateStaging(queryClient, ['venues', 'venueStats']);
      await onSettled?.(...args);
    },
  });
}
