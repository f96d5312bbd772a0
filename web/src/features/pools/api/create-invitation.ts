import type { CreateInvitationBody, Invitation } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invitationsQueryOptions } from './get-invitations';

export interface CreateInvitationVariables {
  poolId: string;
  body: CreateInvitationBody;
}

/** POST /api/pools/{poolId}/invitations: notes (or null), maxUses (or null), expiresAt. */
export function createInvitation({ poolId, body }: CreateInvitationVariables): Promise<Invitation> {
  return callApi(routes.createInvitation, { params: { poolId }, body });
}

/** Creates the invitation, then reloads the pool's invitation list. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: (_invitation, { poolId }) => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions(poolId).queryKey }),
  });
}
