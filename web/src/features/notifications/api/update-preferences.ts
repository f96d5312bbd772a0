import type { NotificationPreference, NotificationPreferencesReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { withPreferences } from '@/features/notifications/lib/preferences';
import { preferencesQueryOptions } from './get-preferences';

/** PUT /api/notifications/preferences: turns the given kinds and channels on or off (the others stay). */
export function updatePreferences(preferences: NotificationPreference[]): Promise<NotificationPreferencesReply> {
  return callApi(routes.updatePreferences, { body: { preferences } });
}

/**
 * Saves optimistically (docs/screens.md#profile): the switches move at once, go back if the save
 * fails, and show what the server stored once it answers.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = preferencesQueryOptions();
  return useMutation({
    mutationFn: updatePreferences,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      if (before) queryClient.setQueryData(queryKey, withPreferences(before, changes));
      return { before };
    },
    onError: async (_error, _changes, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
      // Another switch may have been saved meanwhile: read back what the server holds.
      await queryClient.invalidateQueries({ queryKey });
    },
    onSuccess: (reply) => {
      queryClient.setQueryData(queryKey, reply);
    },
  });
}
