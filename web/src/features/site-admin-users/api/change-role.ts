import type { CurrentUser, Role } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { globalUsersQueryOptions } from './get-global-users';

export interface ChangeRoleVariables {
  userId: string;
  role: Role;
}

/** PUT /api/admin/users/{userId}/role */
export function changeRole({ userId, role }: ChangeRoleVariables): Promise<CurrentUser> {
  return callApi(routes.changeRole, { params: { userId }, body: { role } });
}

/** Changes the role, then reloads the lists of users: this one and the payments list. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSuccess: () => invalidateKeys(queryClient, [globalUsersQueryOptions().queryKey, apiKey(routes.paymentUsers)]),
  });
}
