import type { UseInvitationReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { userPoolsQueryOptions } from '@/lib/user-pools';
import { invitationQueryOptions } from './get-invitation';

/** POST /api/invitations/{token}/use: joins the pool of the invitation. */
export function joinPool(token: string): Promise<UseInvitationReply> {
  return callApi(routes.useInvitation, { params: { token } });
}

/** Joins, then reloads the user's pools and this invitation (its usage changed), even after a failure. */
export function useJoinPool(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => joinPool(token),
    onSettled: () => invalidateKeys(queryClient, [userPoolsQueryOptions().queryKey, invitationQueryOptions(token).queryKey]),
  });
}
