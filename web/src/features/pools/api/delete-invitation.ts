import type { EndpointResult, Invitation, poolsEndpoints } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invitationsQueryOptions } from './get-invitations';

export interface DeleteInvitationVariables {
  invitation: Invitation;
}

/** DELETE /api/invitations/{invitationId} */
export function deleteInvitation({ invitation }: DeleteInvitationVariables): Promise<EndpointResult<typeof poolsEndpoints.deleteInvitation>> {
  return callApi(routes.deleteInvitation, { params: { invitationId: invitation.id } });
}

/** Deletes the invitation, then reloads its pool's invitation list. */
export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvitation,
    onSuccess: (_reply, { invitation }) => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions(invitation.poolId).queryKey }),
  });
}
