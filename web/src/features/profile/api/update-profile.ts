import type { CurrentUser, UpdateProfileBody } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { currentUserQueryOptions } from '@/lib/auth';

/** PUT /api/user/profile: saves the names and returns the updated current user. */
export function updateProfile(body: UpdateProfileBody): Promise<CurrentUser> {
  return callApi(routes.updateProfile, { body });
}

type UpdateProfileOptions = Omit<UseMutationOptions<CurrentUser, Error, UpdateProfileBody>, 'mutationFn'>;

/** Saves the profile, then refreshes the current user (docs/screens.md#data-loading). */
export function useUpdateProfile(options: UpdateProfileOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = options;
  return useMutation({
    ...rest,
    mutationFn: updateProfile,
    onSuccess: async (user, ...args) => {
      const { queryKey } = currentUserQueryOptions();
      queryClient.setQueryData(queryKey, user);
      await queryClient.invalidateQueries({ queryKey });
      await onSuccess?.(user, ...args);
    },
  });
}
