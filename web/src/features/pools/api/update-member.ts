import type { PoolMemberDetails, UpdateMemberBody } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

export interface UpdateMemberVariables {
  poolId: string;
  userId: string;
  body: UpdateMemberBody;
}

/** PATCH /api/pools/{poolId}/members/{userId}: isActive, hasPaid, paymentNotes, notes; or only hasPaid. */
export function updateMember({ poolId, userId, body }: UpdateMemberVariables): Promise<PoolMemberDetails> {
  return callApi(routes.updateMember, { params: { poolId, userId }, body });
}

/** Saves the member, then reloads everything under /api/pools/{poolId}/members (details and stats). */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: (_member, { poolId }) => queryClient.invalidateQueries({ queryKey: apiKey(routes.members, { params: { poolId } }) }),
  });
}
