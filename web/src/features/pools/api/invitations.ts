import { deleteInvitationReplySchema, invitationSchema, invitationsReplySchema } from '@powerpool/contracts';
import type { CreateInvitationBody, Invitation } from '@powerpool/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export const invitationsKey = (poolId: string) => ['/api/pools', poolId, 'invitations'] as const;

/** GET /api/pools/{id}/invitations */
export function getInvitations(poolId: string, signal?: AbortSignal): Promise<Invitation[]> {
  return apiJson('GET', `/api/pools/${encodeURIComponent(poolId)}/invitations`, invitationsReplySchema, undefined, { signal });
}

export function invitationsQueryOptions(poolId: string) {
  return queryOptions({ queryKey: invitationsKey(poolId), queryFn: ({ signal }) => getInvitations(poolId, signal) });
}

export function useInvitations(poolId: string) {
  return useQuery(invitationsQueryOptions(poolId));
}

/** POST /api/pools/{id}/invitations: notes (or null), maxUses (or null), expiresAt. */
export function createInvitation({ poolId, body }: { poolId: string; body: CreateInvitationBody }): Promise<Invitation> {
  return apiJson('POST', `/api/pools/${encodeURIComponent(poolId)}/invitations`, invitationSchema, body);
}

/** PUT /api/invitations/{id}: activate or deactivate. */
export function updateInvitation({ invitation, isActive }: { invitation: Invitation; isActive: boolean }): Promise<Invitation> {
  return apiJson('PUT', `/api/invitations/${encodeURIComponent(invitation.id)}`, invitationSchema, { isActive });
}

/** DELETE /api/invitations/{id} */
export function deleteInvitation({ invitation }: { invitation: Invitation }): Promise<{ id: string }> {
  return apiJson('DELETE', `/api/invitations/${encodeURIComponent(invitation.id)}`, deleteInvitationReplySchema);
}

/** The three invitation changes; each reloads the pool's invitation list. */
export function useInvitationMutations(poolId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: invitationsKey(poolId) });
  return {
    create: useMutation({ mutationFn: createInvitation, onSuccess }),
    update: useMutation({ mutationFn: updateInvitation, onSuccess }),
    remove: useMutation({ mutationFn: deleteInvitation, onSuccess }),
  };
}
