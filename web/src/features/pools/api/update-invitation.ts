import type { Invitation } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invitationsQueryOptions } from './get-invitations';

export interface UpdateInvitationVariables {
  invitation: Invitation;
  isActive: boolean;
}

/** PUT /api/invitations/{invitationId}: activate or deactivate. */
export function updateInvitation({ invitation, isActive }: UpdateInvitationVariables): Promise<Invitation> {
  return callApi(routes.updateInvitation, { params: { invitationId: invitation.id }, body: { isActive } });
}

/** Saves the invitation, then reloads its pool's invitation list. */
export function useUpdateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvitation,
    onSuccess: (_updated, { invitation }) => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions(invitation.poolId).queryKey }),
  });
}
