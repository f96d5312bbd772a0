import { currentUserSchema } from '@powerpool/contracts';
import type { CurrentUser, UpdateProfileBody } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/auth';

/** PUT /api/user/profile: saves the names and returns the updated current user. */
export function updateProfile(body: UpdateProfileBody): Promise<CurrentUser> {
  return apiJson('PUT', '/api/user/profile', currentUserSchema, body);
}

type UpdateProfileOptions = Omit<UseMutationOptions<CurrentUser, Error, UpdateProfileBody>, 'mutationFn'>;

/** Saves the profile, then refreshes the current user (player spec section 7). */
export function useUpdateProfile(options: UpdateProfileOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = options;
  return useMutation({
    ...rest,
    mutationFn: updateProfile,
    onSuccess: async (user, ...args) => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      await onSuccess?.(user, ...args);
    },
  });
}
